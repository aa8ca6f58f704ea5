/** The recording file's constants: shared/recording/format.ts (the sandbox's compliance view reads recordings too). */
export * from '../../../shared/recording/format';
