import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../db/schema/index.ts';
import { parseEnv } from '../env.ts';
import { hashPassword } from '../lib/password.ts';
import { connectDatabase } from '../server-setup.ts';

/** `npm run admin -- create --email a@b.c --password secret [--name "..."]`: creates or promotes an admin. */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});

const input = z
  .object({
    command: z.literal('create', { error: 'usage: npm run admin -- create --email ... --password ...' }),
    email: z.email({ error: '--email must be an e-mail address' }).transform((e) => e.trim().toLowerCase()),
    password: z
      .string({ error: '--password is required' })
      .min(8, '--password must have at least 8 characters'),
    name: z.string().default('Administrator'),
  })
  .safeParse({ command: positionals[0], ...values });
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  process.exit(2);
}

const { email, password, name } = input.data;
const database = await connectDatabase(parseEnv());
try {
  const passwordHash = await hashPassword(password);
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await database.db
      .update(users)
      .set({ role: 'admin', passwordHash, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    console.log(`Promoted ${email} to administrator and set the new password.`);
  } else {
    await database.db
      .insert(users)
      .values({ name, email, passwordHash, contactNumber: '', country: 'IN', role: 'admin' });
    console.log(`Created administrator ${email}.`);
  }
} finally {
  await database.close();
}
