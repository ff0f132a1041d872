import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isPasswordLongEnough, PASSWORD_MIN_LENGTH } from '@catalogue/shared/domain/signup';

/** `npm run admin -- create --email a@b.c --password secret [--name "..."]`: creates or promotes an admin. */
const USAGE = 'usage: npm run admin -- create --email ... --password ... [--name ...]';

function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const { positionals, values } = readArgs();

const input = z
  .object({
    command: z.literal('create', { error: USAGE }),
    email: z
      .string({ error: '--email is required' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: '--email must be an e-mail address' })),
    password: z
      .string({ error: '--password is required' })
      .refine(isPasswordLongEnough, `--password must have at least ${PASSWORD_MIN_LENGTH} characters`),
    name: z.string().default('Administrator'),
  })
  .safeParse({ command: positionals[0], ...values });
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  process.exit(2);
}

// The server's modules load only once the arguments are good: a usage error answers at once.
const [{ parseEnv }, { createUsersService }, { connectDatabase }] = await Promise.all([
  import('../env.ts'),
  import('../modules/users/index.ts'),
  import('../server-setup.ts'),
]);
const { email, password, name } = input.data;
const env = parseEnv();
const database = await connectDatabase(env);
try {
  const users = createUsersService({ env, database, onMailQueued: () => {} });
  const { created } = await users.createOrPromoteAdmin({ email, password, name });
  console.log(
    created
      ? `Created administrator ${email}.`
      : `Promoted ${email} to administrator and set the new password.`,
  );
} finally {
  await database.close();
}
