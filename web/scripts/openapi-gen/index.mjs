// Re-exports openapi-typescript so that it resolves `typescript` to this package's TypeScript 5.
export { default, astToString } from 'openapi-typescript';
