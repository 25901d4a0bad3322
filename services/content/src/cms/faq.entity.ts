import { Column, Entity } from 'typeorm';
import type { FaqCategory } from '@manzil/contracts';
import { bilingualColumn, CmsItem, type Bilingual } from './cms-item.base.js';

@Entity({ name: 'faqs' })
export class Faq extends CmsItem {
  @bilingualColumn()
  question: Bilingual;

  @bilingualColumn()
  answer: Bilingual;

  @Column({ type: 'text' })
  category: FaqCategory;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
