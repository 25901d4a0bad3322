import { describe, expect, it } from '@jest/globals';
import { blogSchema, renderCmsMarkdown, topMenuItemSchema } from '@manzil/contracts';
import type { Blog } from './blog.entity.js';
import type { Menu } from './menu.entity.js';
import { presentBlog, presentMenu } from './present.js';

describe('renderCmsMarkdown', () => {
  it('renders the subset and escapes everything typed', () => {
    const html = renderCmsMarkdown(
      '## Title\n\nA **bold** [link](/blog) and <script>alert(1)</script>\n\n- one\n- two\n\n1. first',
    );
    expect(html).toBe(
      '<h2>Title</h2>\n<p>A <strong>bold</strong> <a href="/blog">link</a> and &lt;script&gt;alert(1)&lt;/script&gt;</p>\n<ul><li>one</li><li>two</li></ul>\n<ol><li>first</li></ol>',
    );
  });

  it('drops unsafe link targets and marks external ones', () => {
    expect(renderCmsMarkdown('[x](javascript:alert(1))')).toBe('<p>x)</p>');
    expect(renderCmsMarkdown('[x](//evil.example)')).toBe('<p>x</p>');
    expect(renderCmsMarkdown('[x](https://a.example/?q="y")')).toBe(
      '<p><a href="https://a.example/?q=&quot;y&quot;" rel="noopener noreferrer" target="_blank">x</a></p>',
    );
  });
});

describe('presenters', () => {
  it('gives the top menu item in the spec shape', () => {
    const menu = {
      id: '0190d6a0-0000-7000-8000-000000000001',
      name: { en: 'Buy', ar: 'شراء' },
      link: { en: '/buy', ar: '/شراء' },
      menuSlug: 'buy',
    } as Menu;
    expect(topMenuItemSchema.parse(presentMenu(menu))).toEqual({
      _id: menu.id,
      name: 'Buy',
      nameAr: 'شراء',
      link: '/buy',
      linkAr: '/شراء',
      menuSlug: 'buy',
    });
  });

  it('words a blog in the language and matches the contract', () => {
    const date = new Date('2025-01-02T03:04:05Z');
    const blog = {
      id: '0190d6a0-0000-7000-8000-000000000002',
      slug: 's',
      slugAr: 'س',
      title: { en: 'T', ar: 'ع' },
      excerpt: { en: 'E', ar: 'م' },
      body: { en: 'Hello', ar: 'مرحبا' },
      coverImage: '/x.svg',
      author: { en: 'A', ar: 'ك' },
      tags: [{ en: 'Buying', ar: 'شراء' }],
      publishedAt: date,
      createdAt: date,
      updatedAt: date,
    } as Blog;
    const ar = presentBlog(blog, 'ar');
    expect(blogSchema.parse(ar)).toEqual(ar);
    expect(ar).toMatchObject({ title: 'ع', tags: ['شراء'], bodyHtml: '<p>مرحبا</p>', language: 'ar' });
  });
});
