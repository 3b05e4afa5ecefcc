/*
 * Manage administrators from the server's shell:
 *   npm run admin -- create <email> [name]
 *   npm run admin -- reset-password <email>
 *   npm run admin -- reset-2fa <email>      (lost the authenticator app and the recovery codes)
 *   npm run admin -- list
 * The password is asked for (hidden) on a terminal, or read from the first line of standard input.
 * Uses the same DATA_DIR / DATABASE_URL as the server.
 */
import readline from 'node:readline';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAuthService } from '../domain/users/auth-service.ts';
import { NewUserSchema, PasswordSchema } from '../domain/users/user-schema.ts';
import { AppError } from '../domain/shared/errors.ts';
import { ConfigError, loadConfig } from '../server/config.ts';

const USAGE = 'Usage: npm run admin -- create <email> [name] | reset-password <email> | reset-2fa <email> | list';

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = readline.createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      const output = rl as unknown as { _writeToOutput: (text: string) => void };
      output._writeToOutput = (text: string) => {
        if (text.includes(question)) process.stdout.write(text);
      };
      rl.question(question, (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask(prompt);
  const second = await ask('Repeat the password: ');
  if (first !== second) throw new Error('The two passwords differ; nothing was changed.');
  return first;
}

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  if (!command || (command !== 'list' && !email)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database);
    const auth = createAuthService(database);
    if (command === 'list') {
      for (const user of await auth.listUsers()) console.log(`${user.email}\t${user.name}\t${user.createdAt}`);
      return 0;
    }
    if (command === 'create') {
      const password = await readPassword(`Password for ${email} (at least 10 characters): `);
      const input = NewUserSchema.safeParse({ email, password, name: rest.join(' ') || undefined });
      if (!input.success) throw new Error(input.error.issues.map((issue) => issue.message).join('; '));
      const user = await auth.createUser(input.data);
      console.log(`Administrator ${user.email} created. They can sign in at /admin/login.`);
      return 0;
    }
    if (command === 'reset-password') {
      const password = await readPassword(`New password for ${email} (at least 10 characters): `);
      const checked = PasswordSchema.safeParse(password);
      if (!checked.success) throw new Error(checked.error.issues[0].message);
      await auth.setPassword(email, checked.data);
      console.log(`Password of ${email.toLowerCase()} changed; their open sessions were signed out.`);
      return 0;
    }
    if (command === 'reset-2fa') {
      const wasOn = await auth.resetTwoFactor(email);
      console.log(
        wasOn
          ? `Two-factor sign-in of ${email.toLowerCase()} is off and their open sessions were signed out. They sign in with their password and set it up again in Settings.`
          : `Two-factor sign-in of ${email.toLowerCase()} was not on; nothing changed but their open sessions were signed out.`,
      );
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    const message = error instanceof AppError || error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    console.error(`Error: ${message}`);
    process.exit(1);
  },
);
