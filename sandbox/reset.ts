import { rmSync } from 'node:fs';
import { avatarsDirOf, documentsDirOf, readSandboxConfig } from './config';
import { migrate, wipe } from './db/migrate';
import { describeDb, openDb } from './db/open';
import { seed } from './seed';

/** `npm run sandbox:reset`: drops every table, migrates and seeds again. Stop the sandbox first (PGlite). */
const config = readSandboxConfig();
const db = await openDb(config);
try {
  await wipe(db);
  const applied = await migrate(db);
  await seed(db);
  // The documents' files go with their rows.
  rmSync(documentsDirOf(config), { recursive: true, force: true });
  rmSync(avatarsDirOf(config), { recursive: true, force: true });
  console.log(`Sandbox database reset (${describeDb(config)}): ${applied.length} migration(s), demo data seeded.`);
} finally {
  await db.close();
}
