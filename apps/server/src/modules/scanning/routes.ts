import type { FastifyInstance } from 'fastify';
import { type CardRouteDeps, registerCardRoutes } from './cards/card-routes.ts';
import { registerRoomRoutes } from './rooms/routes.ts';
import { registerScanRoutes, type ScanRouteDeps } from './scans/scan-routes.ts';

// The scanning module's calls, one line per sub-folder: answer cards (cards/), and the exam rooms
// and scans as they land.

export type ScanningRouteDeps = CardRouteDeps & ScanRouteDeps;

export function registerScanningRoutes(app: FastifyInstance, deps: ScanningRouteDeps): void {
  registerCardRoutes(app, deps);
  registerRoomRoutes(app, deps);
  registerScanRoutes(app, deps);
}
