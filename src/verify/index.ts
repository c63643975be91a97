/** Fidelity to the real service: `verify` checks a deployment, `record` turns what a key sees into a scenario. */
export { verifyService, type VerifyOptions } from './verify-service.js';
export { formatVerifyReport, type VerifyReport, type ReportRow, type MessageRow, type RowResult } from './verify-report.js';
export { KeyRefused } from './probe.js';
export { recordScenario, formatRecordResult, NothingToRecord, type RecordOptions, type RecordResult } from './record/record-scenario.js';
export { ServiceUnreachable } from '../client/network-error.js';
export { checkOutputFile, writeJsonFile } from './private-file.js';
