// The SUNAT simulator: a faithful stand-in for SUNAT's beta services (same paths, same SOAP contract).
export { createSunatSimulator, type SimulatorOptions, type SunatSimulator } from './plugin.ts';
export { startSunatSimulator, type RunningSimulator, type StartOptions } from './server.ts';
export { SimulatorEngine, type CredentialsPolicy, type SimulatorStats, type SoapReply } from './engine.ts';
export { FaultInjector, type FaultRule, type FaultSpec } from './faults.ts';
export { createFileStore, createMemoryStore, documentKey, type SimulatorStore, type StoredDocument } from './store.ts';
export { DEFAULT_XSD_DIR, preloadSchemas, schemaPath, validateXsd } from './xsd.ts';
export { buildCdrXml, signedCdrZip } from './cdr-builder.ts';
export { createRestApi, BETA_API_SECRET, type ApiClientPolicy } from './rest-api.ts';
