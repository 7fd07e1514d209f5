import type {
  AddRoomBody,
  AddVenueBody,
  ExamSessionView,
  ListResult,
  ListVenueQuery,
  MoveCandidateBody,
  PersonOption,
  PlanSeatsBody,
  RoomView,
  SeatPlan,
  SetSessionsBody,
  VenueView,
} from '@kaoshi/shared';
import { request, type CallOptions, type ListCall } from './request';

// Venues, rooms and seat plans: apps/server/src/modules/venue (docs/features/venues.md).
const VENUE = '/api/kaoshi-exam/venue';

export type VenueQuery = ListCall<ListVenueQuery>;
export type VenueInput = AddVenueBody;
/** A room as its form sends it (its venue fixed when added). */
export type RoomInput = Omit<AddRoomBody, 'venueId'>;

export const listVenues = (query: VenueQuery) =>
  request.get<ListResult<VenueView>>(`${VENUE}/listVenue`, query);
export const addVenue = (venue: VenueInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${VENUE}/addVenue`, venue, options);
export const updateVenue = (id: number, venue: VenueInput, options?: CallOptions) =>
  request.put<null>(`${VENUE}/updateVenue`, { id, ...venue }, options);
/** Refused (10004, naming the exams) while a room of it is in a seat plan. */
export const deleteVenue = (id: number) => request.delete<null>(`${VENUE}/deleteVenue/${id}`);

/** The rooms of one venue, or of every venue. */
export const listRooms = (venueId?: number) =>
  request.get<RoomView[]>(`${VENUE}/listRoom`, { venueId });
export const addRoom = (venueId: number, room: RoomInput, options?: CallOptions) =>
  request.post<{ id: number }>(`${VENUE}/addRoom`, { venueId, ...room }, options);
export const updateRoom = (id: number, room: RoomInput, options?: CallOptions) =>
  request.put<null>(`${VENUE}/updateRoom`, { id, ...room }, options);
/** Refused (10004, naming the exams) while it is in a seat plan. */
export const deleteRoom = (id: number) => request.delete<null>(`${VENUE}/deleteRoom/${id}`);

export const getSeatPlan = (examId: number) =>
  request.get<SeatPlan>(`${VENUE}/getSeatPlan`, { examId });
export const planSeats = (body: PlanSeatsBody, options?: CallOptions) =>
  request.post<{ seated: number }>(`${VENUE}/planSeats`, body, options);
/** An exam's sessions (场次), the whole list at once (docs/features/venues.md "Sessions"). */
export const setSessions = (body: SetSessionsBody, options?: CallOptions) =>
  request.put<ExamSessionView[]>(`${VENUE}/setSessions`, body, options);
export const moveCandidate = (body: MoveCandidateBody, options?: CallOptions) =>
  request.put<null>(`${VENUE}/moveCandidate`, body, options);
export const listInvigilators = (keyword?: string) =>
  request.get<PersonOption[]>(`${VENUE}/listInvigilator`, { keyword });
export const setRoomInvigilators = (examId: number, roomId: number, userIds: number[]) =>
  request.put<null>(`${VENUE}/setRoomInvigilators`, { examId, roomId, userIds });
