/** The recording file's schema and loader: shared/recording/schema.ts (the sandbox's compliance view loads them too). */
export * from '../../../shared/recording/schema';
