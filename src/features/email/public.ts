// What the composition root may use of the e-mail feature: its delivery job, which src/jobs.ts hands to the worker.
export { emailJob } from './job.ts';
