// The SUNAT connection's XML reader lives in the core (src/core/xml-reader.ts), which reads CDRs with it too.
export * from '../core/xml-reader.ts';
