import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  AnswerMessage,
  ComplaintInput,
  ContactUs,
  FeedbackInput,
  Language,
  Page,
  Site,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { recordChange } from '../cms/record-change.js';
import { Complaint, ContactMessage, Feedback, type ReceivedMessage } from './received-message.entity.js';

type Paging = { page: number; limit: number };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function presentMessage(row: ReceivedMessage) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    countryCode: row.countryCode,
    mobile: row.mobile,
    message: row.message,
    language: row.language,
    status: row.status,
    reply: row.reply,
    repliedAt: iso(row.repliedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function presentComplaint(row: Complaint) {
  return { ...presentMessage(row), type: row.type, subject: row.subject, accountId: row.accountId };
}

/**
 * The public forms (contact us, complaints and suggestions, feedback) and the admin's answers.
 * Each stored submission writes `content.changed` (action created / answered) so the
 * notifications service can tell the team and the sender.
 */
@Injectable()
export class MessagesService {
  constructor(private readonly dataSource: DataSource) {}

  async contactUs(site: Site, language: Language, input: ContactUs) {
    const row = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(manager.create(ContactMessage, { ...input, site, language }));
      await recordChange(manager, site, { kind: 'contact-message', id: saved.id, action: 'created' });
      return saved;
    });
    return { id: row.id, createdAt: row.createdAt.toISOString() };
  }

  async complaint(site: Site, language: Language, input: ComplaintInput, accountId: string | undefined) {
    const row = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(Complaint, { ...input, site, language, accountId: accountId ?? null }),
      );
      await recordChange(manager, site, { kind: 'complaint', id: saved.id, action: 'created' });
      return saved;
    });
    return { id: row.id, createdAt: row.createdAt.toISOString() };
  }

  async feedback(site: Site, language: Language, input: FeedbackInput, accountId: string | undefined) {
    const row = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(Feedback, {
          site,
          language,
          type: input.type,
          target: input.target ?? null,
          rating: input.rating,
          comment: input.comment || null,
          accountId: accountId ?? null,
        }),
      );
      await recordChange(manager, site, { kind: 'feedback', id: saved.id, action: 'created' });
      return saved;
    });
    return { id: row.id, createdAt: row.createdAt.toISOString() };
  }

  async listContactMessages(site: Site, query: Paging & { status?: ReceivedMessage['status'] }) {
    const [rows, total] = await this.list(ContactMessage, site, query);
    return { items: rows.map(presentMessage), page: query.page, limit: query.limit, total };
  }

  async listComplaints(site: Site, query: Paging & { status?: ReceivedMessage['status'] }) {
    const [rows, total] = await this.list(Complaint, site, query);
    return { items: rows.map(presentComplaint), page: query.page, limit: query.limit, total };
  }

  async listFeedback(site: Site, query: Paging): Promise<Page<Record<string, unknown>>> {
    const [rows, total] = await this.dataSource.manager.findAndCount(Feedback, {
      where: { site },
      order: { createdAt: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return {
      items: rows.map((row) => ({
        id: row.id,
        type: row.type,
        target: row.target,
        rating: row.rating,
        comment: row.comment,
        accountId: row.accountId,
        createdAt: row.createdAt.toISOString(),
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  async answerContactMessage(site: Site, id: string, answer: AnswerMessage, adminId: string) {
    return presentMessage(await this.answer(ContactMessage, 'contact-message', site, id, answer, adminId));
  }

  async answerComplaint(site: Site, id: string, answer: AnswerMessage, adminId: string) {
    return presentComplaint(await this.answer(Complaint, 'complaint', site, id, answer, adminId));
  }

  private list<T extends ReceivedMessage>(
    entity: new () => T,
    site: Site,
    query: Paging & { status?: ReceivedMessage['status'] },
  ) {
    return this.dataSource.manager.findAndCount(entity as new () => ReceivedMessage, {
      where: { site, ...(query.status ? { status: query.status } : {}) },
      order: { createdAt: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    }) as Promise<[T[], number]>;
  }

  private async answer<T extends ReceivedMessage>(
    entity: new () => T,
    kind: 'contact-message' | 'complaint',
    site: Site,
    id: string,
    answer: AnswerMessage,
    adminId: string,
  ): Promise<T> {
    if (!UUID.test(id)) throw new AppException('NOT_FOUND');
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const row = (await manager.findOne(entity as new () => ReceivedMessage, {
        where: { id, site },
        lock: { mode: 'pessimistic_write' },
      })) as T | null;
      if (!row) throw new AppException('NOT_FOUND');
      row.status = answer.status;
      if (answer.reply) {
        row.reply = answer.reply;
        row.repliedAt = new Date();
        row.repliedBy = adminId;
      }
      const saved = await manager.save(row);
      await recordChange(manager, site, { kind, id: row.id, action: 'answered' });
      return saved;
    });
  }
}
