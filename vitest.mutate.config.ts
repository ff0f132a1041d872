import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { MUTATION_GROUPS } from './scripts/mutation-groups.mjs';
import base from './vitest.config.ts';

/*
 * The test run of mutation testing (stryker.config.mjs): only the test files of the group named by
 * MUTATE_GROUP, in the projects of vitest.config.ts, so each mutant reruns seconds of tests.
 */
const group = MUTATION_GROUPS[process.env.MUTATE_GROUP as keyof typeof MUTATION_GROUPS];
if (!group) throw new Error('MUTATE_GROUP must name a group of scripts/mutation-groups.mjs');

/*
 * Stryker copies the repository into a sandbox and links node_modules back to the original, so
 * `@catalogue/shared` (a workspace link in node_modules) would load the original sources, never
 * the sandbox's mutated copy. Resolving it to the sandbox's own packages/shared fixes that.
 */
const sharedSources = path.resolve(import.meta.dirname, 'packages/shared/src');

type Project = {
  test: { name: string; include: string[]; exclude?: string[] };
  resolve?: { alias?: Record<string, string> };
};

const inProject = (project: Project) => (file: string) =>
  project.test.include.some((pattern) => path.matchesGlob(file, pattern)) &&
  !(project.test.exclude ?? []).some((pattern) => path.matchesGlob(file, pattern));

export default defineConfig({
  test: {
    ...base.test,
    projects: (base.test!.projects as Project[])
      .map((project) => ({
        ...project,
        resolve: {
          ...project.resolve,
          alias: { ...project.resolve?.alias, '@catalogue/shared': sharedSources },
        },
        // Each file with a fresh module registry, as Stryker's runs were measured and scored.
        test: { ...project.test, include: group.tests.filter(inProject(project)), isolate: true },
      }))
      .filter((project) => project.test.include.length > 0),
  },
});
