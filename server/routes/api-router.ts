// Every API route is declared through this router: method, path, who may call it and its
// shared zod schemas, then a thin handler. The declarations double as the server's own route
// list (permission matrix tests, OpenAPI document).
import express, { type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import type { Role } from "../../shared/constants";
import { requireAuth, requireRole } from "../middlewares/auth";

export type Access = "public" | "signed-in" | readonly Role[];
export type Method = "get" | "post" | "put" | "patch" | "delete";

export type RouteDef = {
  method: Method;
  /** Path under /api, express syntax (`/transactions/:id`). */
  path: string;
  access: Access;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Answered as something other than JSON (CSV, a file, a stream). */
  produces?: string;
  tag?: string;
};

type Handler = (req: Request, res: Response) => unknown | Promise<unknown>;

export class ApiRouter {
  readonly router = express.Router();
  readonly routes: RouteDef[] = [];

  add(def: RouteDef, ...handlers: [...RequestHandler[], Handler]): void {
    this.routes.push(def);
    const guards: RequestHandler[] =
      def.access === "public" ? [] : def.access === "signed-in" ? [requireAuth] : [requireAuth, requireRole(def.access)];
    const last = handlers.pop() as Handler;
    const middle = handlers as RequestHandler[];
    this.router[def.method](def.path, ...guards, ...middle, async (req, res) => {
      const result = await last(req, res);
      if (result !== undefined && !res.headersSent) res.json(result);
    });
  }

  /** Mount another router's routes (their paths are already absolute under /api). */
  include(other: ApiRouter): void {
    this.routes.push(...other.routes);
    this.router.use(other.router);
  }
}
