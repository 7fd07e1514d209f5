// Accommodations per batch and per student (migration 0021, docs/features/accommodations.md).
// Times are ISO-8601 UTC text, flags 0/1 (db/types.ts); a null field is not set.

interface AccommodationColumns {
  extra_minutes: number | null;
  /** Hundredths: 125, 150, 200. */
  time_multiplier: number | null;
  large_font: number | null;
  screen_reader: number | null;
  /** Rest breaks: how many, of how many minutes each (migration 0025). */
  break_count: number | null;
  break_minutes: number | null;
  note: string;
  updated_by: number;
  updated_at: string;
}

export interface ClassAccommodationsTable extends AccommodationColumns {
  class_id: number;
}

export interface StudentAccommodationsTable extends AccommodationColumns {
  student_id: number;
}
