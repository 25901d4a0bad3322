import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager, type FindOptionsWhere } from 'typeorm';
import {
  fieldMessage,
  type CmsKind,
  type Language,
  type Page,
  type Site,
  type CONTENT_CHANGE_ACTIONS,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { ConfigCache } from '../site-config/config-cache.js';
import { Blog } from './blog.entity.js';
import type { CmsItem } from './cms-item.base.js';
import { CMS_KIND_DEFINITIONS, presentAdminItem } from './cms-kinds.js';
import { PublicCache } from './public-cache.js';
import { recordChange } from './record-change.js';

type Action = (typeof CONTENT_CHANGE_ACTIONS)[number];
type Input = Record<string, unknown> & { published?: boolean; publishedAt?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Create, edit, publish, unpublish and delete of the CMS kinds, scoped to the admin's site.
 * Each change and its `content.changed` event commit together; the public cache of the kind
 * is dropped after the commit (pages also drop the config, which lists their slugs).
 */
@Injectable()
export class AdminCmsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: PublicCache,
    private readonly configCache: ConfigCache,
  ) {}

  async list(
    kind: CmsKind,
    site: Site,
    query: { page: number; limit: number; published?: boolean; placement?: string },
  ): Promise<Page<Record<string, unknown>>> {
    const definition = CMS_KIND_DEFINITIONS[kind];
    const where: Record<string, unknown> = { site };
    if (query.published !== undefined) where.published = query.published;
    if (query.placement && kind === 'banners') where.placement = query.placement;
    const [rows, total] = await this.dataSource.manager.findAndCount(definition.entity, {
      where: where as FindOptionsWhere<CmsItem>,
      order: definition.order,
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return { items: rows.map(presentAdminItem), page: query.page, limit: query.limit, total };
  }

  async get(kind: CmsKind, site: Site, id: string): Promise<Record<string, unknown>> {
    return presentAdminItem(await this.find(this.dataSource.manager, kind, site, id));
  }

  async create(
    kind: CmsKind,
    site: Site,
    input: Input,
    language: Language,
  ): Promise<Record<string, unknown>> {
    const definition = CMS_KIND_DEFINITIONS[kind];
    const row = await this.write(kind, site, language, async (manager) => {
      const created = manager.create(definition.entity, { ...input, site } as Partial<CmsItem>);
      setPublishedAt(created, input);
      const saved = await manager.save(created);
      await this.record(manager, kind, saved, 'created');
      return saved;
    });
    return presentAdminItem(row);
  }

  async update(
    kind: CmsKind,
    site: Site,
    id: string,
    input: Input,
    language: Language,
  ): Promise<Record<string, unknown>> {
    const row = await this.write(kind, site, language, async (manager) => {
      const existing = await this.find(manager, kind, site, id, true);
      Object.assign(existing, input, { id: existing.id, site: existing.site });
      setPublishedAt(existing, input);
      const saved = await manager.save(existing);
      await this.record(manager, kind, saved, 'updated');
      return saved;
    });
    return presentAdminItem(row);
  }

  async setPublished(
    kind: CmsKind,
    site: Site,
    id: string,
    published: boolean,
  ): Promise<Record<string, unknown>> {
    const row = await this.write(kind, site, 'en', async (manager) => {
      const existing = await this.find(manager, kind, site, id, true);
      existing.published = published;
      setPublishedAt(existing, {});
      const saved = await manager.save(existing);
      await this.record(manager, kind, saved, published ? 'published' : 'unpublished');
      return saved;
    });
    return presentAdminItem(row);
  }

  async remove(kind: CmsKind, site: Site, id: string): Promise<void> {
    await this.write(kind, site, 'en', async (manager) => {
      const existing = await this.find(manager, kind, site, id, true);
      await this.record(manager, kind, existing, 'deleted');
      await manager.remove(existing);
      return existing;
    });
  }

  private async find(
    manager: EntityManager,
    kind: CmsKind,
    site: Site,
    id: string,
    lock = false,
  ): Promise<CmsItem> {
    if (!UUID.test(id)) throw new AppException('NOT_FOUND');
    const row = await manager.findOne(CMS_KIND_DEFINITIONS[kind].entity, {
      where: { id, site },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!row) throw new AppException('NOT_FOUND');
    return row;
  }

  private async record(manager: EntityManager, kind: CmsKind, row: CmsItem, action: Action): Promise<void> {
    const definition = CMS_KIND_DEFINITIONS[kind];
    await recordChange(manager, row.site, {
      kind: definition.change,
      id: row.id,
      action,
      ...(definition.slugOf ? { slug: definition.slugOf(row) } : {}),
    });
  }

  /** Runs a change in one transaction, names a taken slug (422), then drops the caches. */
  private async write(
    kind: CmsKind,
    site: Site,
    language: Language,
    change: (manager: EntityManager) => Promise<CmsItem>,
  ): Promise<CmsItem> {
    const definition = CMS_KIND_DEFINITIONS[kind];
    let row: CmsItem;
    try {
      row = await this.dataSource.transaction(change);
    } catch (error) {
      const driver =
        error instanceof QueryFailedError
          ? (error.driverError as { code?: string; constraint?: string })
          : undefined;
      const field =
        driver?.code === '23505' && driver.constraint ? definition.uniques[driver.constraint] : undefined;
      if (field) {
        throw new AppException('VALIDATION_FAILED', 422, [
          { field, message: fieldMessage('slug.taken', language) },
        ]);
      }
      throw error;
    }
    await this.cache.drop(site, definition.area);
    if (kind === 'pages') await this.configCache.drop(site);
    return row;
  }
}

/** A blog gets its publication date when it is first published, unless the admin set one. */
function setPublishedAt(row: CmsItem, input: Input): void {
  if (!(row instanceof Blog)) return;
  if (input.publishedAt) row.publishedAt = new Date(input.publishedAt);
  else if (row.published && !row.publishedAt) row.publishedAt = new Date();
}
