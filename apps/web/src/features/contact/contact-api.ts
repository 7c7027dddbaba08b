import type { ContactForm, ContactResponse } from '@portal/contract';
import { api } from '../../lib/api';

/** Name, e-mail, matricule and phone are taken from the session by the server. */
export const sendContact = (body: ContactForm) => api<ContactResponse>('/api/students/contact-us', { method: 'POST', body });
