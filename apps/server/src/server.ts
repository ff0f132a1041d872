import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { seedDemoSelection } from './db/seed/demo-selection.ts';
import { ensureAdmin, seedDemo } from './db/seed/seed.ts';
import { ConfigError, parseEnv, REPO_ROOT, siteUrlWarning, type Env } from './env.ts';
import { connectDatabase, StartupError } from './server-setup.ts';
import { startCacheSync } from './cache-sync.ts';

const WEB_DIR = path.join(REPO_ROOT, 'apps/web');

async function webOptions(env: Env) {
  if (env.NODE_ENV === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: WEB_DIR, server: { middlewareMode: true }, appType: 'custom' });
    return {
      vite,
      web: {
        mode: 'development' as const,
        build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
        devMiddleware: vite.middlewares as never,
      },
    };
  }
  const serverBuild = path.join(WEB_DIR, 'build/server/index.js');
  const build = (await import(pathToFileURL(serverBuild).href).catch((error: Error) => {
    throw new StartupError(
      `The storefront is not built (${serverBuild}): run \`npm run build\`. ${error.message}`,
    );
  })) as ServerBuild;
  return {
    vite: null,
    web: { mode: 'production' as const, build, clientDir: path.join(WEB_DIR, 'build/client') },
  };
}

export async function start(): Promise<FastifyInstance> {
  const env = parseEnv();
  const database = await connectDatabase(env);
  const { vite, web } = await webOptions(env);
  const app = await buildApp({ env, database, web });
  const addressWarning = siteUrlWarning(env);
  if (addressWarning) app.log.warn({ siteUrl: env.SITE_URL }, addressWarning);

  if (env.SEED_DEMO) {
    const seeded = await seedDemo(database.db, app.services.mediaStore);
    if (seeded.products) app.log.info(seeded, 'seeded the demo catalogue');
  }
  const admin = await ensureAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  if (admin.generatedPassword) {
    app.log.warn(
      { email: admin.email },
      `created the administrator ${admin.email} with the password ${admin.generatedPassword} (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  }
  if (env.SEED_DEMO) {
    const selection = await seedDemoSelection(database.db, env.SITE_URL);
    if (selection)
      app.log.info({ url: selection.url }, `the demo selection's link (shown once): ${selection.url}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      await vite?.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  app.addHook('onClose', async () => {
    closing = true;
  });

  // The outbox is sent by mail jobs; closing waits for a send in flight (app.ts: and the jobs).
  app.addHook('onClose', async () => {
    await app.services.mail.stop();
  });

  // Other processes on the same PostgreSQL hear of this one's writes within a round trip.
  const cacheSync = await startCacheSync({ database, events: app.services.events, log: app.log });
  app.addHook('onClose', async () => {
    await cacheSync?.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  // This instance sends mail (as jobs, which any instance may run), and plans what is pending.
  app.services.mail.start(app.log);
  // Jobs left by a stopped instance, and the schedules (the quote-expiry sweep, …): ADR 017.
  await app.services.jobs.start();
  // After the demo seed, so the first index holds it; searches use SQL until it is built.
  app.services.catalogue.warmSearchIndex();
  app.services.search.warm();
  return app;
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
});
