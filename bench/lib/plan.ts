/**
 * What one bench run measures, from its switches: `--only a,b` runs those catalogue scenarios and
 * nothing else (`buyers` names the many-buyers runs, measured on the largest PostgreSQL size); `--lighthouse-only` skips every throughput scenario (nginx, catalogue, buyers) and
 * runs the page checks (first-load sizes and Lighthouse); `--pages home,product` narrows the page
 * checks to those pages.
 */
export type PlanSwitches = {
  only?: string[];
  lighthouseOnly: boolean;
  lighthouse: boolean;
  pages?: string[];
};

export type Plan = {
  nginx: boolean;
  buyers: boolean;
  scenario: (key: string) => boolean;
  /** First-load sizes and, when `lighthouse`, Lighthouse, on these pages. */
  pages: string[];
  lighthouse: boolean;
};

/** The scenarios whose figures are read as a ratio to nginx serving the same bytes. */
export const NGINX_COMPARED = ['listing-real', 'listing-uniform', 'ssr-home', 'ssr-category', 'ssr-product'];

export function benchPlan(switches: PlanSwitches, allPages: readonly string[]): Plan {
  if (switches.lighthouseOnly && switches.only)
    throw new Error('--lighthouse-only runs no catalogue scenario: drop --only');
  if (switches.lighthouseOnly && !switches.lighthouse)
    throw new Error('--lighthouse-only with --no-lighthouse would measure nothing');
  const unknown = (switches.pages ?? []).filter((p) => !allPages.includes(p));
  if (unknown.length)
    throw new Error(`--pages: unknown ${unknown.join(', ')} (pages: ${allPages.join(', ')})`);
  const throughput = !switches.lighthouseOnly;
  const everything = throughput && !switches.only;
  const only = switches.only;
  const pageChecks = switches.lighthouseOnly || everything;
  return {
    // nginx is measured whenever a scenario compared with it runs.
    nginx: everything || (throughput && !!only?.some((key) => NGINX_COMPARED.includes(key))),
    buyers: everything || (throughput && !!only?.includes('buyers')),
    scenario: (key) => throughput && (!only || only.includes(key)),
    pages: pageChecks ? allPages.filter((p) => !switches.pages || switches.pages.includes(p)) : [],
    lighthouse: pageChecks && switches.lighthouse,
  };
}

/** `--port N`: the bench server's port (nginx takes the next one), so parallel benches do not collide. */
export function benchPorts(value: string | undefined): { server: number; nginx: number } {
  const server = value === undefined ? 3900 : Number(value);
  if (!Number.isInteger(server) || server < 1024 || server > 65534)
    throw new Error('--port must be a whole number from 1024 to 65534');
  return { server, nginx: server + 1 };
}
