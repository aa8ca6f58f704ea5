/** The cashback counting moved to shared/ (the sandbox computes the same); re-exported for the machines. */
export * from '../../shared/cashback';
