import type { Handler } from '../http';

export interface Route {
  method: string;
  /** An exact path, or a pattern whose groups become `ctx.params`. */
  pattern: string | RegExp;
  handler: Handler;
  /** Needs a valid x-api-key (default true). */
  auth?: boolean;
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: string[] } | 'method_not_allowed' | undefined {
  let pathMatched = false;
  for (const route of routes) {
    let params: string[] | undefined;
    if (typeof route.pattern === 'string') {
      if (route.pattern === path) params = [];
    } else {
      const m = route.pattern.exec(path);
      if (m) params = m.slice(1).map((p) => decodeURIComponent(p ?? ''));
    }
    if (!params) continue;
    pathMatched = true;
    if (route.method === method || (route.method === 'GET' && method === 'HEAD'))
      return { route, params };
  }
  return pathMatched ? 'method_not_allowed' : undefined;
}
