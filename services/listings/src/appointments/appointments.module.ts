import { Module } from '@nestjs/common';
import { AppointmentsController } from './appointments.controller.js';
import { BookAppointment } from './book-appointment.js';
import { CancelAppointment } from './cancel-appointment.js';
import { DecideAppointment } from './decide-appointment.js';

@Module({
  controllers: [AppointmentsController],
  providers: [BookAppointment, DecideAppointment, CancelAppointment],
})
export class AppointmentsModule {}
