import type { TestProject } from "vitest/node";
import { startPostgresServer } from "./helpers/postgres-server";

/**
 * One PostgreSQL (Debian's) for the whole Vitest run, started before the first integration file: each
 * file that needs one makes a database of its own on it (`testDatabase` in helpers/test-stores.ts)
 * instead of running initdb and a server of its own, about two seconds of CPU each. A file that stops
 * and starts its server (a database going away) still starts its own. A run of the unit tests alone
 * starts none, so they need no PostgreSQL installed.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** The run's PostgreSQL, as its superuser, or "" when no integration test is in the run. */
    postgresUrl: string;
  }
}

export default async function startRunPostgres(project: TestProject) {
  // By the files, not the project's name: the mutation run (vitest.mutation.config.ts) has no projects.
  const integration = project.vitest.projects.some((each) => each.config.include.some((glob) => glob.startsWith("tests/integration/")));
  if (!integration) {
    project.provide("postgresUrl", "");
    return;
  }
  const server = await startPostgresServer();
  project.provide("postgresUrl", server.url);
  return () => server.remove();
}
