import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  answerMessageSchema,
  CMS_ACKNOWLEDGEMENTS,
  complaintSchema,
  contactUsSchema,
  feedbackSchema,
  messageQuerySchema,
  paginationQuerySchema,
  type AnswerMessage,
  type ComplaintInput,
  type ContactUs,
  type FeedbackInput,
  type Language,
  type PaginationQuery,
  type Site,
} from '@manzil/contracts';
import {
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  Public,
  Roles,
  withMessage,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import type { z } from 'zod';
import { MessagesService } from './messages.service.js';

@Controller('v1')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post('contact-us')
  @Public()
  async contactUs(
    @Body(new ZodPipe(contactUsSchema)) input: ContactUs,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    return withMessage(
      await this.messages.contactUs(site, language, input),
      CMS_ACKNOWLEDGEMENTS.contactUs[language],
    );
  }

  @Post('complaints-and-suggestions')
  @Public()
  async complaint(
    @Body(new ZodPipe(complaintSchema)) input: ComplaintInput,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @CurrentUser() user: AuthUser | undefined,
  ) {
    const receipt = await this.messages.complaint(site, language, input, user?.id);
    return withMessage(receipt, CMS_ACKNOWLEDGEMENTS[input.type][language]);
  }

  @Post('feedback')
  @Public()
  async feedback(
    @Body(new ZodPipe(feedbackSchema)) input: FeedbackInput,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @CurrentUser() user: AuthUser | undefined,
  ) {
    const receipt = await this.messages.feedback(site, language, input, user?.id);
    return withMessage(receipt, CMS_ACKNOWLEDGEMENTS.feedback[language]);
  }

  @Get('admin/contact-messages')
  @Roles('admin')
  contactMessages(
    @Query(new ZodPipe(messageQuerySchema)) query: z.infer<typeof messageQuerySchema>,
    @CurrentSite() site: Site,
  ) {
    return this.messages.listContactMessages(site, query);
  }

  @Put('admin/contact-messages/:id/answer')
  @Roles('admin')
  answerContactMessage(
    @Param('id') id: string,
    @Body(new ZodPipe(answerMessageSchema)) answer: AnswerMessage,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.messages.answerContactMessage(site, id, answer, user.id);
  }

  @Get('admin/complaints')
  @Roles('admin')
  complaints(
    @Query(new ZodPipe(messageQuerySchema)) query: z.infer<typeof messageQuerySchema>,
    @CurrentSite() site: Site,
  ) {
    return this.messages.listComplaints(site, query);
  }

  @Put('admin/complaints/:id/answer')
  @Roles('admin')
  answerComplaint(
    @Param('id') id: string,
    @Body(new ZodPipe(answerMessageSchema)) answer: AnswerMessage,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.messages.answerComplaint(site, id, answer, user.id);
  }

  @Get('admin/feedback')
  @Roles('admin')
  feedbackList(@Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery, @CurrentSite() site: Site) {
    return this.messages.listFeedback(site, query);
  }
}
