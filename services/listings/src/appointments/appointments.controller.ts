import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  appointmentRequestSchema,
  appointmentsQuerySchema,
  appointmentStatusRequestSchema,
  propertyIdParamsSchema,
  type Appointment,
  type AppointmentRequest,
  type AppointmentsQuery,
  type AppointmentStatusRequest,
  type Page,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { APPOINTMENT_SELECT, toAppointment, type AppointmentRow } from './appointment-view.js';
import { BookAppointment } from './book-appointment.js';
import { CancelAppointment } from './cancel-appointment.js';
import { DecideAppointment } from './decide-appointment.js';

@Controller('v1/appointments')
export class AppointmentsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: BookAppointment,
    private readonly decide: DecideAppointment,
    private readonly cancelAppointment: CancelAppointment,
  ) {}

  /** Spec §6: a login is required to schedule; customers book (agents and companies receive). */
  @Post()
  @Roles('user')
  create(
    @Body(new ZodPipe(appointmentRequestSchema)) body: AppointmentRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.book.execute(site, user, body);
  }

  /** "My appointment": a customer's own, an agent's, a company's agents', soonest last-booked first. */
  @Get()
  @Roles('user', 'agent', 'company')
  async list(
    @Query(new ZodPipe(appointmentsQuerySchema)) query: AppointmentsQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ): Promise<Page<Appointment>> {
    const column = user.role === 'user' ? 'customer_id' : user.role === 'agent' ? 'agent_id' : 'company_id';
    const rows = (await this.dataSource.query(
      `${APPOINTMENT_SELECT.replace('SELECT a.*', 'SELECT a.*, count(*) OVER () AS "total"')}
       WHERE a."${column}" = $1 AND a."site" = $2 AND ($3::text IS NULL OR a."status" = $3)
       ORDER BY a."starts_at" DESC, a."id" DESC OFFSET $4 LIMIT $5`,
      [user.id, site, query.status ?? null, (query.page - 1) * query.limit, query.limit],
    )) as (AppointmentRow & { total: string })[];
    return {
      items: rows.map(toAppointment),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  @Post(':id/status')
  @HttpCode(200)
  @Roles('agent', 'company')
  status(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(appointmentStatusRequestSchema)) body: AppointmentStatusRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.decide.execute(site, user, params.id, body);
  }

  /** The customer who booked calls off their own pending or accepted appointment. */
  @Post(':id/cancel')
  @HttpCode(200)
  @Roles('user')
  cancel(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.cancelAppointment.execute(site, user, params.id);
  }
}
