import { KeyInfoSchema, type KeyInfo } from '@shared/domain/account';
import { COUNTERS } from '@shared/errors';
import { badResponse, inBandFailure, type CallContext } from './errors';
import { int, isObject, num, str } from '../ground/lenient';
import type { Transport } from './transport';

const ctx: CallContext = { action: 'read the key’s entitlements' };

/**
 * Key info from a flat (or, leniently, enveloped) answer. Built field by field from a whitelist,
 * so `x_api_key` — the key itself — never leaves the client.
 */
export function keyInfoFromAnswer(body: unknown, key: string | undefined): KeyInfo {
  const obj = isObject(body) && isObject(body.data) && 'key_status' in body.data ? body.data : body;
  if (!isObject(obj) || !('key_status' in obj || COUNTERS.some((c) => c in obj))) {
    if (isObject(obj) && num(obj.status) !== undefined && num(obj.status) !== 200)
      throw inBandFailure(obj, ctx, key);
    throw badResponse(ctx, 'no key information in it', body, key);
  }
  const info: Record<string, unknown> = { key_status: int(obj.key_status) ?? 0 };
  for (const c of COUNTERS) info[c] = num(obj[c]) ?? 0;
  for (const f of [
    'email',
    'member_id',
    'key_name',
    'key_created_at',
    'key_updated_at',
    'key_recently_used_at',
  ] as const) {
    const v = str(obj[f]);
    if (v !== undefined && v !== '') info[f] = v;
  }
  const parsed = KeyInfoSchema.safeParse(info);
  if (!parsed.success) throw badResponse(ctx, 'unexpected key information', body, key);
  return parsed.data;
}

export async function fetchKeyInfo(
  t: Transport,
  opts: { signal?: AbortSignal | undefined } = {},
): Promise<KeyInfo> {
  const { body, key } = await t.json({
    method: 'GET',
    path: '/v1/get_api_key_info',
    signal: opts.signal,
    ctx,
  });
  return keyInfoFromAnswer(body, key);
}
