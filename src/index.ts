export { createSandbox } from './sandbox.js';
export type { Sandbox, SandboxOptions, ScenarioSource, TopupInput, JournalEntry } from './types.js';
export { ScenarioError } from './scenarios/scenario-error.js';
export type { ScenarioProblem } from './scenarios/scenario-error.js';
export { loadScenario, listScenarios } from './scenarios/load-scenario.js';
export type { ResolvedScenario, ScenarioFile, Scope, PaymentMethod } from './scenarios/scenario-schema.js';
export { SCOPES, PAYMENT_METHODS } from './scenarios/scenario-schema.js';
export { ERROR_CODES } from './domain/error-codes.js';
export type { ErrorCode } from './domain/error-codes.js';
