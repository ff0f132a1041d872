// The users module's surface (docs/architecture.md, "Server modules").
export { usersRoutes } from './users.routes.ts';
export { createUsersService } from './users.service.ts';
