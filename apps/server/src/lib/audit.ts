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

/** Appends to the audit log (the database refuses changes to past entries). */
export async function audit(exec: Executor, entry: AuditEntry): Promise<void> {
  await exec.insert(auditLog).values({
    at: entry.at,
    actorId: entry.actorId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
