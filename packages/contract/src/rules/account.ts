// Contact us: the objects a person may pick.

/** Predefined objects of the contact form (contract notes). */
export const CONTACT_OBJECTS = ['ATTACHMENT_INSERT', 'CLASS_ABSENT', 'SUBJECT_ABSENT', 'REQUEST_CLOSE', 'MAIL_LINK', 'TIMETABLE_MISSING', 'OTHER'] as const;
export type ContactObject = (typeof CONTACT_OBJECTS)[number];

/** The English name of each object, as the support mail shows it. */
export const CONTACT_OBJECT_LABELS: Record<ContactObject, string> = {
  ATTACHMENT_INSERT: 'Unable to insert attachment',
  CLASS_ABSENT: 'Class absent for request',
  SUBJECT_ABSENT: 'Subject absent for request',
  REQUEST_CLOSE: 'Unable to close request',
  MAIL_LINK: 'Unable to link a mail account',
  TIMETABLE_MISSING: 'Timetable does not appear',
  OTHER: 'Other',
};
