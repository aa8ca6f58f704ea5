/**
 * The whole sandbox platform on one server: the API (api/app.ts) with the QA panel under /sandbox mounted on it.
 * The layers point one way (docs/architecture.md): the panel reads and drives the API's parts, the API knows
 * nothing of the panel.
 */
import type { FastifyInstance } from 'fastify';
import { buildApi, type ApiDeps } from './api/app';
import { registerPanel } from './panel/routes';

export function buildPlatform(deps: ApiDeps): FastifyInstance {
  return buildApi(deps, (app, parts) => {
    app.register(async (panel) => registerPanel(panel, parts));
  });
}
