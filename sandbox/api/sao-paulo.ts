/** The São Paulo calendar moved to shared/ (the app's cashback counting reads it too); kept here for the sandbox. */
export * from '../../shared/sao-paulo';
