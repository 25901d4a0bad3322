import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

export interface ServiceDataSourceOptions {
  url: string;
  // TypeORM's own signature: classes, schemas or globs.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Pool size per process; small by default, services are many and the machine has 2 cores. */
  poolSize?: number;
  /**
   * Postgres cancels a statement of this pool that runs longer (`statement_timeout`, set when
   * each connection opens); the error has code 57014, which nest-kit answers as a 503. None by
   * default. Not for a CLI's data source: a migration may build an index for minutes.
   */
  statementTimeoutMs?: number;
}

/**
 * One data source per service, on its own database. Schema changes go through migrations
 * only (`synchronize: false`); migrations run from the service's CLI, never implicitly at boot.
 */
export function dataSourceOptions(options: ServiceDataSourceOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: {
      max: options.poolSize ?? 10,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    },
  };
}

export function createDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource(dataSourceOptions(options));
}
