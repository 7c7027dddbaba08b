// The contract's vocabulary and rules without any dependency (no Zod, no libphonenumber):
// `@portal/contract/rules`. Pages and the shell of the web app import from here so that they
// load no schema; the schemas (`../*.ts`) are built from these names. The main entry
// re-exports all of it.
export * from './errors';
export * from './validation';
export * from './person';
export * from './permissions';
export * from './limits';
export * from './calendar';
export * from './phone';
export * from './bank';
export * from './registration';
export * from './applications';
export * from './identification';
export * from './academic';
export * from './account';
export * from './requests';
export * from './timetable';
export * from './history';
export * from './students';
export * from './enrolment';
export * from './evaluation';
export * from './candidates';
export * from './payments';
