export * from './errors';
export * from './common';
export * from './person';
export * from './auth';
export * from './account';
export * from './reference';
