/** Fault injection: rules that make the next matching request(s) misbehave, set from code or over the control route. */
export type Fault =
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  | { kind: 'drop' }
  | { kind: 'drop-after-store' }
  | { kind: 'stall-after-store'; ms: number }
  | { kind: 'malformed' }
  | { kind: 'cut-body' }
  | { kind: 'html' }
  | { kind: 'rate-limit'; retryAfter: string }
  | { kind: 'trickle'; chunkBytes: number; intervalMs: number }
  | { kind: 'huge'; bytes: number }
  /** A 200 whose gzip body is scrambled in the middle. */
  | { kind: 'corrupt-encoding' };

export interface FaultRule {
  fault: Fault;
  /** HTTP method to match (any when absent). */
  method?: string;
  /** Path prefix to match, e.g. "/api/order" (any when absent). With a "?" it matches the query too ("/api/product?page=4"). */
  path?: string;
  /** How many requests it applies to; absent means every matching request until cleared. */
  times?: number;
}

export class FaultController {
  private rules: FaultRule[] = [];
  injected = 0;

  add(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  /** Takes the first rule matching this request, spending one of its uses. */
  take(method: string, url: string): Fault | undefined {
    const path = url.split('?')[0] ?? url;
    const index = this.rules.findIndex(
      (r) =>
        (!r.method || r.method.toUpperCase() === method) &&
        (!r.path || (r.path.includes('?') ? url : path).startsWith(r.path)),
    );
    if (index < 0) return undefined;
    const rule = this.rules[index]!;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    this.injected += 1;
    return rule.fault;
  }
}

export function parseFaultRule(input: unknown): FaultRule | null {
  if (input === null || typeof input !== 'object') return null;
  const rule = input as Record<string, unknown>;
  const fault = rule.fault as Record<string, unknown> | undefined;
  if (!fault || typeof fault.kind !== 'string') return null;
  const kinds = [
    'latency',
    'status',
    'drop',
    'drop-after-store',
    'stall-after-store',
    'malformed',
    'html',
    'rate-limit',
    'trickle',
    'huge',
    'corrupt-encoding',
  ];
  if (!kinds.includes(fault.kind)) return null;
  return {
    fault: fault as unknown as Fault,
    method: typeof rule.method === 'string' ? rule.method : undefined,
    path: typeof rule.path === 'string' ? rule.path : undefined,
    times: typeof rule.times === 'number' ? rule.times : undefined,
  };
}
