import { CONTACT_OBJECT_LABELS, type ContactBody } from '@portal/contract';
import { contactMessages, type Person } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { RequestMeta, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { composeMail } from '../../lib/mail';
import { languageOfPerson } from '../../lib/person-record';
import { MAIL_LIMITS, take } from '../../lib/throttle';

/**
 * Stores the message and mails it to the support address, with an acknowledgement to the sender.
 * At most 5 messages an hour per person and 30 per client address (429 MAIL_RATE_LIMITED with
 * retryAfter), counted in the database (decision 23).
 */
export async function sendContactMessage(
  ctx: ServiceContext,
  input: { person: Person; email: string | null; body: ContactBody; meta: RequestMeta },
): Promise<{ id: number; message: string }> {
  const { person, body } = input;
  if (!body.OBJECT || !body.MESSAGE) {
    const fields: Record<string, string> = {};
    if (!body.OBJECT) fields.OBJECT = 'validation.required';
    if (!body.MESSAGE) fields.MESSAGE = 'validation.required';
    throw new AppError('CONTACT_INCOMPLETE', { fields });
  }
  await take(ctx, `contact:${person.id}`, MAIL_LIMITS.contactPerPerson);
  await take(ctx, `contact-ip:${input.meta.ip}`, MAIL_LIMITS.contactPerAddress);
  const objectLabel = CONTACT_OBJECT_LABELS[body.OBJECT as keyof typeof CONTACT_OBJECT_LABELS] ?? body.OBJECT;
  const fullname = `${person.FIRSTNAME} ${person.LASTNAME}`;
  const now = ctx.clock.now();
  const lang = await languageOfPerson(ctx.db, person.id);
  const vars = {
    name: fullname,
    matricule: person.MATRICULE,
    email: input.email ?? '-',
    phone: person.PHONE_NUMBER ?? '-',
    object: objectLabel,
    message: body.MESSAGE,
  };

  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        personId: person.id,
        object: body.OBJECT,
        message: body.MESSAGE,
        fullname,
        email: input.email,
        matricule: person.MATRICULE,
        numphone: person.PHONE_NUMBER,
        createdAt: now,
      })
      .returning({ id: contactMessages.id });
    await ctx.mailer.enqueue(
      tx,
      composeMail('en', {
        to: ctx.config.supportEmail,
        name: 'Support',
        kind: 'contact',
        key: 'contact',
        vars,
        ...(input.email ? { replyTo: input.email } : {}),
      }),
    );
    if (input.email) {
      await ctx.mailer.enqueue(
        tx,
        composeMail(lang, {
          to: input.email,
          name: fullname,
          kind: 'contact-ack',
          key: 'contact',
          subjectKey: 'contact.ackSubject',
          bodyKey: 'contact.ackBody',
          vars,
        }),
      );
    }
    await audit(tx, {
      at: now,
      actorId: person.id,
      action: 'contact.sent',
      targetType: 'contact_message',
      targetId: row!.id,
      details: { object: body.OBJECT },
    });
    return row!.id;
  });
  ctx.mailer.kick();
  return { id, message: 'Mail send successfully' };
}
