import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  at: Date;
  actorId?: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** The columns every row `auditRow` makes names, in a statement built once (placeholdersOf). */
export const AUDIT_ROW_KEYS = [
  'at',
  'actorId',
  'action',
  'targetType',
  'targetId',
  'ip',
  'details',
] as const satisfies readonly (keyof typeof auditLog.$inferInsert)[];

/** An entry's row of the audit log. */
export function auditRow(entry: AuditEntry): Required<Pick<typeof auditLog.$inferInsert, (typeof AUDIT_ROW_KEYS)[number]>> {
  return {
    at: entry.at,
    actorId: entry.actorId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  };
}

/** Appends to the audit log (the database refuses changes to past entries). */
export async function audit(exec: Executor, entry: AuditEntry): Promise<void> {
  await exec.insert(auditLog).values(auditRow(entry));
}
