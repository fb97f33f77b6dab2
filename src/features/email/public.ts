// What the rest of the application may use of the e-mail feature: its delivery job, which the composition root
// (src/jobs.ts) hands to the worker, and the e-mail of a document when it is issued (the issue route).
export { emailJob } from './job.ts';
export { emailOnDuplicate, planIssueEmail, releaseIssueEmail } from './on-issue.ts';
