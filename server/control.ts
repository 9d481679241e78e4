/** /__control: what tests and benches change while the service runs (faults, a product's stock), and its figures. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFaultRule, type FaultController } from './faults';
import { sendError } from './http';
import { idParam } from './lists';
import type { ServiceStore } from './store';

export function registerControlRoutes(
  app: FastifyInstance,
  { token, faults, store, stats }: { token: string; faults: FaultController; store: ServiceStore; stats(): unknown },
): void {
  const authorised = (req: FastifyRequest): boolean => req.headers.authorization === `Bearer ${token}`;
  app.post('/__control/faults', async (req, reply) => {
    if (!authorised(req)) return sendError(req, reply, 401, 'Unauthenticated.');
    const rule = parseFaultRule(req.body);
    if (!rule) return sendError(req, reply, 422, 'Not a fault rule.');
    faults.add(rule);
    return reply.code(204).send();
  });
  app.delete('/__control/faults', async (req, reply) => {
    if (!authorised(req)) return sendError(req, reply, 401, 'Unauthenticated.');
    faults.clear();
    return reply.code(204).send();
  });
  // the shop changes a product (stock, price…) in its back office: the service has no write route for it
  app.post('/__control/products/:id', async (req, reply) => {
    if (!authorised(req)) return sendError(req, reply, 401, 'Unauthenticated.');
    const id = idParam((req.params as { id: string }).id);
    const current = id === null ? undefined : store.product(id);
    const patch = req.body;
    if (!current || id === null || !patch || typeof patch !== 'object' || Array.isArray(patch))
      return sendError(req, reply, 422, 'Not a product change.');
    const changes = Object.fromEntries(
      Object.entries(patch as Record<string, unknown>).filter(
        ([key, value]) => key in current && typeof value === 'string',
      ),
    );
    store.replaceProduct(id, { ...current, ...changes });
    return reply.code(204).send();
  });
  app.get('/__control/stats', async (req, reply) => {
    if (!authorised(req)) return sendError(req, reply, 401, 'Unauthenticated.');
    return reply.type('application/json').send(JSON.stringify(stats()));
  });
}
