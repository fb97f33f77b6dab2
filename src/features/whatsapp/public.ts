// What the rest of the application may use of the WhatsApp feature: its delivery job, which the composition
// root (src/jobs.ts) hands to the worker.
export { whatsappJob } from './job.ts';
