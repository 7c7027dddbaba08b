import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { academicRoutes } from '../features/academic/academic.routes';
import { admissionsRoutes } from '../features/admissions/admissions.routes';
import { affectedRoutes } from '../features/applications/affected.routes';
import { applicationSessionsRoutes } from '../features/applications/application-sessions.routes';
import { applicationsRoutes } from '../features/applications/applications.routes';
import { subjectsRoutes } from '../features/applications/subjects.routes';
import { authRoutes } from '../features/auth/auth.routes';
import { candidatesRoutes } from '../features/candidates/candidates.routes';
import { classesRoutes } from '../features/classes/classes.routes';
import { contactRoutes } from '../features/contact/contact.routes';
import { devClockRoutes, devMailboxRoutes } from '../features/dev/dev.routes';
import { enrolmentRoutes } from '../features/enrolment/enrolment.routes';
import { evaluationRoutes } from '../features/evaluation/evaluation.routes';
import { filesRoutes } from '../features/files/files.routes';
import { historyRoutes } from '../features/history/history.routes';
import { hrRoutes } from '../features/hr/hr.routes';
import { identificationRoutes } from '../features/identification/identification.routes';
import { mailLinkRoutes } from '../features/mail-link/mail-link.routes';
import { paymentsRoutes } from '../features/payments/payments.routes';
import { profileRoutes } from '../features/profile/profile.routes';
import { referenceRoutes } from '../features/reference/reference.routes';
import { documentsRoutes } from '../features/registration/documents.routes';
import { registrationFilesRoutes } from '../features/registration/registration-files.routes';
import { registrationRoutes } from '../features/registration/registration.routes';
import { requestBatchesRoutes } from '../features/requests/batches.routes';
import { requestConfigRoutes } from '../features/requests/config.routes';
import { requestDocumentsRoutes } from '../features/requests/documents.routes';
import { requestProcessingRoutes } from '../features/requests/processing.routes';
import { requestReportsRoutes } from '../features/requests/reports.routes';
import { requestsRoutes } from '../features/requests/requests.routes';
import { settingsRoutes } from '../features/settings/settings.routes';
import { studentsRoutes } from '../features/students/students.routes';
import { systemRoutes } from '../features/system/system.routes';
import { calendarFeedRoutes, publicCalendarRoutes } from '../features/timetable/calendar-feed.routes';
import { planningRoutes } from '../features/timetable/planning.routes';
import { timetableRoutes } from '../features/timetable/timetable.routes';
import type { Job } from '../lib/jobs';

/**
 * The features' routes under /api, in this order; the public calendar feed outside it; and, when
 * configured, the development mailbox and clock (`jobs`: what the clock's route may run).
 */
export const routesPlugin = fp(async (app: FastifyInstance, { config, jobs }: { config: Config; jobs: readonly Job[] }) => {
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(settingsRoutes);
      await api.register(contactRoutes);
      await api.register(referenceRoutes);
      await api.register(registrationRoutes);
      await api.register(registrationFilesRoutes);
      await api.register(filesRoutes);
      await api.register(documentsRoutes);
      await api.register(hrRoutes);
      await api.register(applicationSessionsRoutes);
      await api.register(subjectsRoutes);
      await api.register(applicationsRoutes);
      await api.register(identificationRoutes);
      await api.register(academicRoutes);
      await api.register(planningRoutes);
      await api.register(requestsRoutes);
      await api.register(requestProcessingRoutes);
      await api.register(requestBatchesRoutes);
      await api.register(requestDocumentsRoutes);
      await api.register(requestReportsRoutes);
      await api.register(requestConfigRoutes);
      await api.register(affectedRoutes);
      await api.register(timetableRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(historyRoutes);
      await api.register(evaluationRoutes);
      await api.register(enrolmentRoutes);
      await api.register(studentsRoutes);
      await api.register(mailLinkRoutes);
      await api.register(classesRoutes);
      await api.register(paymentsRoutes);
      await api.register(candidatesRoutes);
      await api.register(admissionsRoutes);
    },
    { prefix: '/api' },
  );
  // The calendar feed a calendar application polls: outside /api, no session (the address is the secret).
  await app.register(publicCalendarRoutes);
  if (config.devMailbox) await app.register(devMailboxRoutes);
  if (config.devClock) await app.register(devClockRoutes(jobs));
});
