import { lazy, type ReactNode } from 'react';
import type { Permission } from '@portal/contract/rules';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth, RequirePermission } from './guards';
import { Root } from './root';

// Every page is its own chunk, loaded when its route is first visited.
export const pageLoaders = {
  home: () => import('../features/home/home-page'),
  login: () => import('../features/auth/login-page'),
  verificationCode: () => import('../features/auth/verification-code-page'),
  register: () => import('../features/auth/register-page'),
  emailConfirmation: () => import('../features/auth/email-confirmation-page'),
  emailingSent: () => import('../features/auth/emailing-sent-page'),
  profile: () => import('../features/profile/profile-page'),
  studentFile: () => import('../features/students/student-file-page'),
  registration: () => import('../features/registration/registration-page'),
  contact: () => import('../features/contact/contact-page'),
  settings: () => import('../features/settings/settings-page'),
  privacy: () => import('../features/legal/privacy-page'),
  terms: () => import('../features/legal/terms-page'),
  hrRegistrations: () => import('../features/hr/registrations-page'),
  hrDossier: () => import('../features/hr/dossier-page'),
  applications: () => import('../features/applications/applications-page'),
  applicationsHelp: () => import('../features/applications/applications-help-page'),
  archive: () => import('../features/applications/archive-page'),
  identificationList: () => import('../features/identification/identification-list-page'),
  identificationPerson: () => import('../features/identification/identification-person-page'),
  academicCatalogue: () => import('../features/academic/catalogue-page'),
  academicSessions: () => import('../features/academic/sessions-page'),
  academicAssignments: () => import('../features/academic/assignments-page'),
  lessonPlanning: () => import('../features/timetable/planning/planning-page'),
  lessonHours: () => import('../features/timetable/planning/hours-page'),
  requestsInbox: () => import('../features/requests/office-inbox-page'),
  requestsProcess: () => import('../features/requests/office-request-page'),
  requestsBatches: () => import('../features/requests/office-batches-page'),
  requestsReport: () => import('../features/requests/office-report-page'),
  requestsSettings: () => import('../features/requests/office-settings-page'),
  requests: () => import('../features/requests/requests-page'),
  newRequest: () => import('../features/requests/new-request-page'),
  request: () => import('../features/requests/request-page'),
  requestVerification: () => import('../features/requests/verification-page'),
  schedule: () => import('../features/timetable/schedule-page'),
  history: () => import('../features/history/history-page'),
  mailAccount: () => import('../features/mail-link/mail-account-page'),
  classes: () => import('../features/classes/classes-page'),
  evaluationForms: () => import('../features/evaluation/forms-page'),
  evaluationForm: () => import('../features/evaluation/form-editor-page'),
  evaluationSessions: () => import('../features/evaluation/sessions-page'),
  evaluationResults: () => import('../features/evaluation/results-page'),
  evaluation: () => import('../features/evaluation/evaluations-page'),
  evaluationAnswer: () => import('../features/evaluation/answer-page'),
  reviews: () => import('../features/evaluation/reviews-page'),
  enrolment: () => import('../features/enrolment/enrolment-page'),
  academicEnrolment: () => import('../features/enrolment/office-page'),
  admissionsEntrances: () => import('../features/admissions/entrances-page'),
  admissionsCandidates: () => import('../features/admissions/candidates-page'),
  admissionsCandidate: () => import('../features/admissions/candidate-page'),
  candidateFile: () => import('../features/candidates/candidate-file-page'),
  receiptCheck: () => import('../features/payments/receipt-check-page'),
  sandboxPhone: () => import('../features/payments/sandbox-phone-page'),
  paymentNetworks: () => import('../features/payments/networks-page'),
  candidateRegister: () => import('../features/candidates/candidate-register-page'),
  candidateLink: () => import('../features/candidates/candidate-link-page'),
  candidateOpen: () => import('../features/candidates/candidate-open-page'),
  notFound: () => import('../features/not-found/not-found-page'),
};

const HomePage = lazy(pageLoaders.home);
const LoginPage = lazy(pageLoaders.login);
const VerificationCodePage = lazy(pageLoaders.verificationCode);
const RegisterPage = lazy(pageLoaders.register);
const EmailConfirmationPage = lazy(pageLoaders.emailConfirmation);
const EmailingSentPage = lazy(pageLoaders.emailingSent);
const ProfilePage = lazy(pageLoaders.profile);
const StudentFilePage = lazy(pageLoaders.studentFile);
const RegistrationPage = lazy(pageLoaders.registration);
const ContactPage = lazy(pageLoaders.contact);
const SettingsPage = lazy(pageLoaders.settings);
const PrivacyPage = lazy(pageLoaders.privacy);
const TermsPage = lazy(pageLoaders.terms);
const HrRegistrationsPage = lazy(pageLoaders.hrRegistrations);
const HrDossierPage = lazy(pageLoaders.hrDossier);
const ApplicationsPage = lazy(pageLoaders.applications);
const ApplicationsHelpPage = lazy(pageLoaders.applicationsHelp);
const ArchivePage = lazy(pageLoaders.archive);
const IdentificationListPage = lazy(pageLoaders.identificationList);
const IdentificationPersonPage = lazy(pageLoaders.identificationPerson);
const AcademicCataloguePage = lazy(pageLoaders.academicCatalogue);
const AcademicSessionsPage = lazy(pageLoaders.academicSessions);
const AcademicAssignmentsPage = lazy(pageLoaders.academicAssignments);
const LessonPlanningPage = lazy(pageLoaders.lessonPlanning);
const LessonHoursPage = lazy(pageLoaders.lessonHours);
const RequestsInboxPage = lazy(pageLoaders.requestsInbox);
const RequestsProcessPage = lazy(pageLoaders.requestsProcess);
const RequestsBatchesPage = lazy(pageLoaders.requestsBatches);
const RequestsReportPage = lazy(pageLoaders.requestsReport);
const RequestsSettingsPage = lazy(pageLoaders.requestsSettings);
const RequestsPage = lazy(pageLoaders.requests);
const NewRequestPage = lazy(pageLoaders.newRequest);
const RequestPage = lazy(pageLoaders.request);
const RequestVerificationPage = lazy(pageLoaders.requestVerification);
const SchedulePage = lazy(pageLoaders.schedule);
const HistoryPage = lazy(pageLoaders.history);
const MailAccountPage = lazy(pageLoaders.mailAccount);
const ClassesPage = lazy(pageLoaders.classes);
const EvaluationFormsPage = lazy(pageLoaders.evaluationForms);
const EvaluationFormPage = lazy(pageLoaders.evaluationForm);
const EvaluationSessionsPage = lazy(pageLoaders.evaluationSessions);
const EvaluationResultsPage = lazy(pageLoaders.evaluationResults);
const EvaluationPage = lazy(pageLoaders.evaluation);
const EvaluationAnswerPage = lazy(pageLoaders.evaluationAnswer);
const ReviewsPage = lazy(pageLoaders.reviews);
const EnrolmentPage = lazy(pageLoaders.enrolment);
const AcademicEnrolmentPage = lazy(pageLoaders.academicEnrolment);
const AdmissionsEntrancesPage = lazy(pageLoaders.admissionsEntrances);
const AdmissionsCandidatesPage = lazy(pageLoaders.admissionsCandidates);
const AdmissionsCandidatePage = lazy(pageLoaders.admissionsCandidate);
const CandidateFilePage = lazy(pageLoaders.candidateFile);
const ReceiptCheckPage = lazy(pageLoaders.receiptCheck);
const SandboxPhonePage = lazy(pageLoaders.sandboxPhone);
const PaymentNetworksPage = lazy(pageLoaders.paymentNetworks);
const CandidateRegisterPage = lazy(pageLoaders.candidateRegister);
const CandidateLinkPage = lazy(pageLoaders.candidateLink);
const CandidateOpenPage = lazy(pageLoaders.candidateOpen);
const NotFoundPage = lazy(pageLoaders.notFound);

/** A page of one's own (the HR registration, subject choices): whoever may not use it goes to their profile. */
const ownPage = (permission: Permission, page: ReactNode): ReactNode => (
  <RequireAuth>
    <RequirePermission permission={permission} denied={<Navigate to="/profile" replace />}>
      {page}
    </RequirePermission>
  </RequireAuth>
);
/** A back-office page: not found for whoever lacks its permission. */
const officePage = (permission: Permission, page: ReactNode): ReactNode => (
  <RequireAuth>
    <RequirePermission permission={permission} denied={<NotFoundPage />}>
      {page}
    </RequirePermission>
  </RequireAuth>
);

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: 'verification-code', element: <VerificationCodePage /> },
      {
        path: 'register',
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      { path: 'email-confirmation', element: <EmailConfirmationPage /> },
      { path: 'emailing-sent', element: <EmailingSentPage /> },
      {
        path: 'profile',
        element: (
          <RequireAuth>
            <ProfilePage />
          </RequireAuth>
        ),
      },
      { path: 'registration', element: ownPage('registration.own', <RegistrationPage />) },
      {
        path: 'contact',
        element: (
          <RequireAuth>
            <ContactPage />
          </RequireAuth>
        ),
      },
      { path: 'hr/registrations', element: officePage('registrations.manage', <HrRegistrationsPage />) },
      { path: 'hr/registrations/:id', element: officePage('registrations.manage', <HrDossierPage />) },
      { path: 'courses', element: ownPage('applications.own', <ApplicationsPage />) },
      { path: 'courses/help', element: ownPage('applications.own', <ApplicationsHelpPage />) },
      { path: 'courses/archive', element: ownPage('applications.own', <ArchivePage />) },
      { path: 'identification', element: officePage('identification.manage', <IdentificationListPage />) },
      { path: 'identification/:id', element: officePage('identification.manage', <IdentificationPersonPage />) },
      { path: 'academic/catalogue', element: officePage('catalogue.manage', <AcademicCataloguePage />) },
      { path: 'academic/sessions', element: officePage('applicationSessions.manage', <AcademicSessionsPage />) },
      { path: 'academic/assignments', element: officePage('assignments.manage', <AcademicAssignmentsPage />) },
      { path: 'academic/lessons', element: officePage('lessons.plan', <LessonPlanningPage />) },
      { path: 'academic/lessons/hours', element: officePage('lessons.plan', <LessonHoursPage />) },
      { path: 'office/requests', element: officePage('requests.process', <RequestsInboxPage />) },
      { path: 'office/requests/report', element: officePage('requests.report', <RequestsReportPage />) },
      { path: 'office/requests/settings', element: officePage('requests.configure', <RequestsSettingsPage />) },
      { path: 'office/requests/:id', element: officePage('requests.process', <RequestsProcessPage />) },
      { path: 'office/batches', element: officePage('requests.process', <RequestsBatchesPage />) },
      { path: 'requests', element: ownPage('requests.own', <RequestsPage />) },
      { path: 'requests/new', element: ownPage('requests.own', <NewRequestPage />) },
      { path: 'requests/:id', element: ownPage('requests.own', <RequestPage />) },
      { path: 'verify/:token', element: <RequestVerificationPage /> },
      { path: 'schedule', element: ownPage('timetable.own', <SchedulePage />) },
      { path: 'history', element: ownPage('history.own', <HistoryPage />) },
      { path: 'profile/mail-account', element: ownPage('profile.own', <MailAccountPage />) },
      { path: 'student/file', element: ownPage('student.own', <StudentFilePage />) },
      { path: 'student/classes', element: ownPage('student.own', <ClassesPage />) },
      { path: 'academic/evaluation/forms', element: officePage('evaluation.manage', <EvaluationFormsPage />) },
      { path: 'academic/evaluation/forms/:id', element: officePage('evaluation.manage', <EvaluationFormPage />) },
      { path: 'academic/evaluation/sessions', element: officePage('evaluation.manage', <EvaluationSessionsPage />) },
      { path: 'academic/evaluation/sessions/:id', element: officePage('evaluation.manage', <EvaluationResultsPage />) },
      { path: 'evaluation', element: ownPage('evaluation.answer', <EvaluationPage />) },
      { path: 'evaluation/:targetId', element: ownPage('evaluation.answer', <EvaluationAnswerPage />) },
      { path: 'reviews', element: ownPage('reviews.own', <ReviewsPage />) },
      { path: 'enrolment', element: ownPage('enrolment.own', <EnrolmentPage />) },
      { path: 'academic/enrolment', element: officePage('enrolment.manage', <AcademicEnrolmentPage />) },
      { path: 'admissions/entrances', element: officePage('admissions.manage', <AdmissionsEntrancesPage />) },
      { path: 'admissions/candidates', element: officePage('admissions.manage', <AdmissionsCandidatesPage />) },
      { path: 'admissions/candidates/:id', element: officePage('admissions.manage', <AdmissionsCandidatePage />) },
      { path: 'candidate/file', element: <CandidateFilePage /> },
      { path: 'receipts/:number', element: <ReceiptCheckPage /> },
      { path: 'sandbox/phone', element: <SandboxPhonePage /> },
      { path: 'admin/payment-networks', element: officePage('payments.configure', <PaymentNetworksPage />) },
      { path: 'candidate/register', element: <CandidateRegisterPage /> },
      { path: 'candidate/link', element: <CandidateLinkPage /> },
      { path: 'candidate/open', element: <CandidateOpenPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The route table, rendered in declarative mode (no data router: a smaller initial bundle). */
export function AppRoutes() {
  return useRoutes(routes);
}
