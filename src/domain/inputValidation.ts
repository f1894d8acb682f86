// The input checks live in src/api (the client runs them before sending); the forms, input boxes
// and webviews keep importing them from the domain layer.
export * from '../api/inputValidation';
