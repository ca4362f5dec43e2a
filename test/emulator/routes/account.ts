import { sendJson, type Ctx } from '../http';
import type { Route } from './route';

function keyInfo(ctx: Ctx): void {
  const { counters, config } = ctx.state;
  const now = new Date().toISOString().slice(0, 19); // the real service sends datetimes without a zone
  sendJson(ctx.res, 200, {
    x_api_key: ctx.key,
    key_status: config.keyStatus,
    ...counters,
    email: 'creator@example.com',
    member_id: 'mem_0042',
    key_created_at: '2025-01-14T09:30:00',
    key_updated_at: '2025-03-02T17:05:12',
    key_recently_used_at: now,
    key_name: 'Emulator key',
  });
}

export const accountRoutes: Route[] = [
  { method: 'GET', pattern: '/v1/get_api_key_info', handler: keyInfo },
];
