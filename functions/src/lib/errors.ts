/**
 * Application errors carry the HTTP status and the human message of the `{ message }` envelope. Services throw
 * them; the error middleware turns them into responses. Anything else becomes a 500 with a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Please log in to continue") {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "You do not have permission to do this") {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found") {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = "Request body is too large") {
    super(413, message);
  }
}

/** The request is well formed but cannot be what it claims (an Idempotency-Key reused for another request). */
export class UnprocessableEntityError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}

/** Retries of a conflicting or throttled write ran out; nothing was changed and the client may try again. */
export class ServiceBusyError extends AppError {
  constructor(message = "The service is busy right now. Please try again in a moment.") {
    super(503, message);
  }
}

/** An upstream (M-Pesa) refused or failed; the message says what the user can do. */
export class BadGatewayError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}
