/** The TanStack Query keys of venues, rooms and seat plans (a prefix invalidates all below it). */
export const venueKeys = {
  all: ['venue'] as const,
  list: ['venue', 'list'] as const,
  rooms: (venueId: number) => ['venue', 'rooms', venueId] as const,
  allRooms: ['venue', 'allRooms'] as const,
  plan: (examId: number) => ['venue', 'plan', examId] as const,
  invigilators: ['venue', 'invigilators'] as const,
};
