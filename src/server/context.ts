/** What every resolver receives: the database and this request's loaders. */
import type { Database } from '../db/database';
import { createLoaders, type Loaders } from './loaders';

export interface Context {
  db: Database;
  loaders: Loaders;
}

export const createContext = (db: Database): Context => ({ db, loaders: createLoaders(db) });
