import { sendJson, type Ctx } from './http';

/** One pydantic v2 validation item, as FastAPI sends it in a 422 body. */
export interface ValidationItem {
  type: string;
  loc: (string | number)[];
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

function quoteList(values: readonly string[]): string {
  const q = values.map((v) => `'${v}'`);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

/**
 * Collects pydantic-style errors for one body (loc prefix `body`) or query (`query`); call
 * `answer(ctx)` to send the 422 when there are any.
 */
export class Validator {
  readonly errors: ValidationItem[] = [];

  constructor(
    private readonly source: Record<string, unknown>,
    private readonly where: 'body' | 'query' = 'body',
  ) {}

  private loc(name: string, ...more: (string | number)[]): (string | number)[] {
    return [this.where, name, ...more];
  }

  add(item: ValidationItem): void {
    this.errors.push(item);
  }

  /** A custom error on a field (`Value error, …`). */
  valueError(name: string, message: string, input?: unknown): void {
    this.add({
      type: 'value_error',
      loc: this.loc(name),
      msg: `Value error, ${message}`,
      input,
      ctx: { error: {} },
    });
  }

  /** Records an error on `name` and answers undefined, so a check reads `return this.reject(…)`. */
  private reject(
    name: string,
    type: string,
    msg: string,
    input: unknown,
    ctx?: Record<string, unknown>,
  ): undefined {
    this.add({ type, loc: this.loc(name), msg, input, ...(ctx ? { ctx } : {}) });
    return undefined;
  }

  private missing(name: string): void {
    this.add({ type: 'missing', loc: this.loc(name), msg: 'Field required', input: this.source });
  }

  str(
    name: string,
    opts: { required?: boolean; min?: number; max?: number } = {},
  ): string | undefined {
    const v = this.source[name];
    if (v === undefined || v === null) {
      if (opts.required) this.missing(name);
      return undefined;
    }
    if (typeof v !== 'string') {
      return this.reject(name, 'string_type', 'Input should be a valid string', v);
    }
    const length = [...v].length;
    if (opts.min !== undefined && length < opts.min) {
      const unit = opts.min === 1 ? 'character' : 'characters';
      return this.reject(
        name,
        'string_too_short',
        `String should have at least ${opts.min} ${unit}`,
        v,
        { min_length: opts.min },
      );
    }
    if (opts.max !== undefined && length > opts.max) {
      return this.reject(
        name,
        'string_too_long',
        `String should have at most ${opts.max} characters`,
        v,
        { max_length: opts.max },
      );
    }
    return v;
  }

  /** Integers (numeric strings are accepted, as pydantic's lax mode does). */
  int(
    name: string,
    opts: { required?: boolean; min?: number; max?: number } = {},
  ): number | undefined {
    return this.number(name, { ...opts, integer: true });
  }

  number(
    name: string,
    opts: { required?: boolean; min?: number; max?: number; integer?: boolean } = {},
  ): number | undefined {
    const v = this.source[name];
    if (v === undefined || v === null || v === '') {
      if (opts.required) this.missing(name);
      return undefined;
    }
    const n =
      typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    const kind = opts.integer ? 'integer' : 'number';
    if (typeof v === 'boolean' || !Number.isFinite(n) || (opts.integer && !Number.isInteger(n))) {
      return this.reject(
        name,
        opts.integer ? 'int_parsing' : 'float_parsing',
        `Input should be a valid ${kind}${typeof v === 'string' ? `, unable to parse string as ${opts.integer ? 'an integer' : 'a number'}` : ''}`,
        v,
      );
    }
    if (opts.min !== undefined && n < opts.min) {
      return this.reject(
        name,
        'greater_than_equal',
        `Input should be greater than or equal to ${opts.min}`,
        v,
        { ge: opts.min },
      );
    }
    if (opts.max !== undefined && n > opts.max) {
      return this.reject(
        name,
        'less_than_equal',
        `Input should be less than or equal to ${opts.max}`,
        v,
        { le: opts.max },
      );
    }
    return n;
  }

  literal<T extends string>(
    name: string,
    allowed: readonly T[],
    opts: { required?: boolean } = {},
  ): T | undefined {
    const v = this.source[name];
    if (v === undefined || v === null) {
      if (opts.required) this.missing(name);
      return undefined;
    }
    if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
    const expected = quoteList(allowed);
    return this.reject(name, 'literal_error', `Input should be ${expected}`, v, { expected });
  }

  /** Sends the 422 when errors were collected; true when it did. */
  answer(ctx: Ctx): boolean {
    if (this.errors.length === 0) return false;
    sendJson(ctx.res, 422, { detail: this.errors });
    return true;
  }
}

/** A 422 about one field (used by injections and business checks that FastAPI would also refuse). */
export function fieldError(
  ctx: Ctx,
  loc: (string | number)[],
  msg: string,
  type = 'value_error',
  input?: unknown,
): void {
  sendJson(ctx.res, 422, {
    detail: [{ type, loc, msg, ...(input === undefined ? {} : { input }) }],
  });
}
