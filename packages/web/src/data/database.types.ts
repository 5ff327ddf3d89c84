// Generated from supabase/migrations by `pnpm db:types`; do not edit by hand.
// A test fails when this file and the migrations disagree: run the command after adding a migration.

export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      challenge_events: {
        Row: {
          challenge_id: string
          created_at: string
          template: Database["public"]["Enums"]["event_template"]
        }
        Insert: {
          challenge_id: string
          created_at?: string
          template: Database["public"]["Enums"]["event_template"]
        }
        Update: {
          challenge_id?: string
          created_at?: string
          template?: Database["public"]["Enums"]["event_template"]
        }
        Relationships: [
          {
            foreignKeyName: "challenge_events_challenge_id_fkey"
            columns: ["challenge_id"]
            isOneToOne: true
            referencedRelation: "challenges"
            referencedColumns: ["id"]
          },
        ]
      }
      challenge_recordings: {
        Row: {
          analysis_data: Json | null
          challenge_id: string
          claimed_invalid_reps: number
          claimed_total_reps: number
          claimed_valid_reps: number
          created_at: string
          duration_seconds: number
          email: string
          form_score: number | null
          gender: Database["public"]["Enums"]["participant_gender"]
          gif_url: string | null
          id: string
          invalid_reps: number
          name: string
          participant_id: number | null
          rank_key: number | null
          ranked: boolean | null
          referral_count: number
          referred_by: string | null
          share_count: number
          time_zone: string | null
          total_reps: number
          user_id: string | null
          valid_reps: number
          verification_details: Json | null
          verification_error: string | null
          verification_flagged: boolean | null
          verification_request: string | null
          verification_requested_at: string | null
          verification_status: Database["public"]["Enums"]["recording_verification_status"]
          verified_at: string | null
          verified_invalid_reps: number | null
          verified_total_reps: number | null
          verified_valid_reps: number | null
          video_url: string | null
        }
        Insert: {
          analysis_data?: Json | null
          challenge_id: string
          claimed_invalid_reps?: number
          claimed_total_reps?: number
          claimed_valid_reps?: number
          created_at?: string
          duration_seconds?: number
          email: string
          form_score?: number | null
          gender?: Database["public"]["Enums"]["participant_gender"]
          gif_url?: string | null
          id?: string
          invalid_reps?: number
          name: string
          participant_id?: number | null
          rank_key?: never
          ranked?: never
          referral_count?: number
          referred_by?: string | null
          share_count?: number
          time_zone?: string | null
          total_reps?: number
          user_id?: string | null
          valid_reps?: number
          verification_details?: Json | null
          verification_error?: string | null
          verification_flagged?: never
          verification_request?: string | null
          verification_requested_at?: string | null
          verification_status?: Database["public"]["Enums"]["recording_verification_status"]
          verified_at?: string | null
          verified_invalid_reps?: number | null
          verified_total_reps?: number | null
          verified_valid_reps?: number | null
          video_url?: string | null
        }
        Update: {
          analysis_data?: Json | null
          challenge_id?: string
          claimed_invalid_reps?: number
          claimed_total_reps?: number
          claimed_valid_reps?: number
          created_at?: string
          duration_seconds?: number
          email?: string
          form_score?: number | null
          gender?: Database["public"]["Enums"]["participant_gender"]
          gif_url?: string | null
          id?: string
          invalid_reps?: number
          name?: string
          participant_id?: number | null
          rank_key?: never
          ranked?: never
          referral_count?: number
          referred_by?: string | null
          share_count?: number
          time_zone?: string | null
          total_reps?: number
          user_id?: string | null
          valid_reps?: number
          verification_details?: Json | null
          verification_error?: string | null
          verification_flagged?: never
          verification_request?: string | null
          verification_requested_at?: string | null
          verification_status?: Database["public"]["Enums"]["recording_verification_status"]
          verified_at?: string | null
          verified_invalid_reps?: number | null
          verified_total_reps?: number | null
          verified_valid_reps?: number | null
          video_url?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "challenge_recordings_challenge_id_fkey"
            columns: ["challenge_id"]
            isOneToOne: false
            referencedRelation: "challenges"
            referencedColumns: ["id"]
          },
        ]
      }
      challenges: {
        Row: {
          challenge_length_unit: Database["public"]["Enums"]["time_unit"] | null
          challenge_length_value: number | null
          challenge_type: Database["public"]["Enums"]["challenge_type"]
          created_at: string
          created_by: string | null
          description: string | null
          end_date: string | null
          exercise_definition_id: string
          first_participant_joined_at: string | null
          gender_filter: Database["public"]["Enums"]["gender_filter"] | null
          hide_results_until_finished: boolean
          id: string
          increment_cadence_unit:
            | Database["public"]["Enums"]["time_unit"]
            | null
          increment_cadence_value: number | null
          increment_value: number | null
          is_active: boolean
          is_daily: boolean
          is_hidden: boolean
          min_daily_reps: number | null
          name: string
          slug: string
          start_date: string | null
          verification_model: Database["public"]["Enums"]["pose_model_variant"]
        }
        Insert: {
          challenge_length_unit?:
            | Database["public"]["Enums"]["time_unit"]
            | null
          challenge_length_value?: number | null
          challenge_type?: Database["public"]["Enums"]["challenge_type"]
          created_at?: string
          created_by?: string | null
          description?: string | null
          end_date?: string | null
          exercise_definition_id: string
          first_participant_joined_at?: string | null
          gender_filter?: Database["public"]["Enums"]["gender_filter"] | null
          hide_results_until_finished?: boolean
          id?: string
          increment_cadence_unit?:
            | Database["public"]["Enums"]["time_unit"]
            | null
          increment_cadence_value?: number | null
          increment_value?: number | null
          is_active?: boolean
          is_daily?: boolean
          is_hidden?: boolean
          min_daily_reps?: number | null
          name: string
          slug: string
          start_date?: string | null
          verification_model?: Database["public"]["Enums"]["pose_model_variant"]
        }
        Update: {
          challenge_length_unit?:
            | Database["public"]["Enums"]["time_unit"]
            | null
          challenge_length_value?: number | null
          challenge_type?: Database["public"]["Enums"]["challenge_type"]
          created_at?: string
          created_by?: string | null
          description?: string | null
          end_date?: string | null
          exercise_definition_id?: string
          first_participant_joined_at?: string | null
          gender_filter?: Database["public"]["Enums"]["gender_filter"] | null
          hide_results_until_finished?: boolean
          id?: string
          increment_cadence_unit?:
            | Database["public"]["Enums"]["time_unit"]
            | null
          increment_cadence_value?: number | null
          increment_value?: number | null
          is_active?: boolean
          is_daily?: boolean
          is_hidden?: boolean
          min_daily_reps?: number | null
          name?: string
          slug?: string
          start_date?: string | null
          verification_model?: Database["public"]["Enums"]["pose_model_variant"]
        }
        Relationships: [
          {
            foreignKeyName: "challenges_exercise_definition_id_fkey"
            columns: ["exercise_definition_id"]
            isOneToOne: false
            referencedRelation: "exercise_definitions"
            referencedColumns: ["id"]
          },
        ]
      }
      exercise_definitions: {
        Row: {
          author: string | null
          created_at: string
          definition: NonNullable<Json>
          id: string
          name: string
          updated_at: string
        }
        Insert: {
          author?: string | null
          created_at?: string
          definition: NonNullable<Json>
          id?: string
          name: string
          updated_at?: string
        }
        Update: {
          author?: string | null
          created_at?: string
          definition?: NonNullable<Json>
          id?: string
          name?: string
          updated_at?: string
        }
        Relationships: []
      }
      recording_rep_evidence: {
        Row: {
          angle_name: string
          bottom_angle: number | null
          bottom_ms: number | null
          checks: Json | null
          end_ms: number
          invalid_reason: string | null
          is_valid: boolean
          measurements: Json | null
          phase_path: string[]
          recording_id: string
          rep_number: number
          start_ms: number
          top_angle: number | null
          top_ms: number | null
        }
        Insert: {
          angle_name: string
          bottom_angle?: number | null
          bottom_ms?: number | null
          checks?: Json | null
          end_ms: number
          invalid_reason?: string | null
          is_valid: boolean
          measurements?: Json | null
          phase_path?: string[]
          recording_id: string
          rep_number: number
          start_ms: number
          top_angle?: number | null
          top_ms?: number | null
        }
        Update: {
          angle_name?: string
          bottom_angle?: number | null
          bottom_ms?: number | null
          checks?: Json | null
          end_ms?: number
          invalid_reason?: string | null
          is_valid?: boolean
          measurements?: Json | null
          phase_path?: string[]
          recording_id?: string
          rep_number?: number
          start_ms?: number
          top_angle?: number | null
          top_ms?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "recording_rep_evidence_recording_id_fkey"
            columns: ["recording_id"]
            isOneToOne: false
            referencedRelation: "challenge_recordings"
            referencedColumns: ["id"]
          },
        ]
      }
      user_profiles: {
        Row: {
          age: number | null
          created_at: string
          email: string | null
          expectations: string | null
          full_name: string | null
          gender: Database["public"]["Enums"]["profile_gender"] | null
          goals: Database["public"]["Enums"]["profile_goal"][]
          height_cm: number | null
          id: string
          is_admin: boolean
          target_weight_kg: number | null
          updated_at: string
          weight_kg: number | null
        }
        Insert: {
          age?: number | null
          created_at?: string
          email?: string | null
          expectations?: string | null
          full_name?: string | null
          gender?: Database["public"]["Enums"]["profile_gender"] | null
          goals?: Database["public"]["Enums"]["profile_goal"][]
          height_cm?: number | null
          id: string
          is_admin?: boolean
          target_weight_kg?: number | null
          updated_at?: string
          weight_kg?: number | null
        }
        Update: {
          age?: number | null
          created_at?: string
          email?: string | null
          expectations?: string | null
          full_name?: string | null
          gender?: Database["public"]["Enums"]["profile_gender"] | null
          goals?: Database["public"]["Enums"]["profile_goal"][]
          height_cm?: number | null
          id?: string
          is_admin?: boolean
          target_weight_kg?: number | null
          updated_at?: string
          weight_kg?: number | null
        }
        Relationships: []
      }
      waitlist: {
        Row: {
          created_at: string
          email: string
          id: number
          source: string
        }
        Insert: {
          created_at?: string
          email: string
          id?: never
          source: string
        }
        Update: {
          created_at?: string
          email?: string
          id?: never
          source?: string
        }
        Relationships: []
      }
    }
    Views: {
      leaderboard_entries: {
        Row: {
          analysis_data: Json | null
          challenge_id: string | null
          created_at: string | null
          duration_seconds: number | null
          form_score: number | null
          gender: Database["public"]["Enums"]["participant_gender"] | null
          gif_url: string | null
          id: string | null
          invalid_reps: number | null
          name: string | null
          ranked: boolean | null
          referral_count: number | null
          share_count: number | null
          total_reps: number | null
          user_id: string | null
          valid_reps: number | null
          verification_status:
            | Database["public"]["Enums"]["recording_verification_status"]
            | null
          video_url: string | null
        }
        Insert: {
          analysis_data?: Json | null
          challenge_id?: string | null
          created_at?: string | null
          duration_seconds?: number | null
          form_score?: number | null
          gender?: Database["public"]["Enums"]["participant_gender"] | null
          gif_url?: string | null
          id?: string | null
          invalid_reps?: number | null
          name?: string | null
          ranked?: boolean | null
          referral_count?: number | null
          share_count?: number | null
          total_reps?: number | null
          user_id?: string | null
          valid_reps?: number | null
          verification_status?:
            | Database["public"]["Enums"]["recording_verification_status"]
            | null
          video_url?: string | null
        }
        Update: {
          analysis_data?: Json | null
          challenge_id?: string | null
          created_at?: string | null
          duration_seconds?: number | null
          form_score?: number | null
          gender?: Database["public"]["Enums"]["participant_gender"] | null
          gif_url?: string | null
          id?: string | null
          invalid_reps?: number | null
          name?: string | null
          ranked?: boolean | null
          referral_count?: number | null
          share_count?: number | null
          total_reps?: number | null
          user_id?: string | null
          valid_reps?: number | null
          verification_status?:
            | Database["public"]["Enums"]["recording_verification_status"]
            | null
          video_url?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "challenge_recordings_challenge_id_fkey"
            columns: ["challenge_id"]
            isOneToOne: false
            referencedRelation: "challenges"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      admin_challenge_stats: {
        Args: Record<PropertyKey, never>
        Returns: {
          challenge_id: string
          flagged_count: number
          participant_count: number
          recording_count: number
          verifying_count: number
        }[]
      }
      admin_recording_totals: {
        Args: Record<PropertyKey, never>
        Returns: {
          participant_count: number
          recording_count: number
        }[]
      }
      attach_recording_video: {
        Args: {
          new_gif_url?: string
          new_video_url: string
          target_recording_id: string
        }
        Returns: undefined
      }
      challenge_leaderboard: {
        Args: {
          as_of?: string
          gender?: string
          page_offset?: number
          page_size?: number
          period?: string
          target_challenge_id: string
          time_zone?: string
        }
        Returns: Database["public"]["CompositeTypes"]["leaderboard_page"]
        SetofOptions: {
          from: "*"
          to: "leaderboard_page"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      challenge_leaderboard_aggregate: {
        Args: {
          as_of?: string
          gender?: string
          page_offset?: number
          page_size?: number
          target_challenge_id: string
          time_zone?: string
        }
        Returns: Database["public"]["CompositeTypes"]["aggregate_page"]
        SetofOptions: {
          from: "*"
          to: "aggregate_page"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      daily_attempt_status: {
        Args: { requested_time_zone: string; target_challenge_id: string }
        Returns: Database["public"]["CompositeTypes"]["daily_attempt_status"]
        SetofOptions: {
          from: "*"
          to: "daily_attempt_status"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      join_challenge: { Args: { target_challenge_id: string }; Returns: string }
      record_recording_share: {
        Args: { target_recording_id: string }
        Returns: number
      }
    }
    Enums: {
      camera_position: "front" | "back" | "side"
      challenge_type: "accountability" | "progression" | "duel"
      event_template: "token2049" | "pushtober"
      gender_filter: "all" | "male" | "female" | "other"
      participant_gender: "male" | "female"
      pose_model_variant: "lite" | "full" | "heavy"
      profile_gender: "male" | "female" | "other" | "prefer_not_to_say"
      profile_goal:
        | "exercise_correctness_analysis"
        | "video_analysis"
        | "live_ai_coaching"
        | "losing_weight"
        | "gaining_muscle"
        | "improving_posture"
        | "custom_workout_plans"
      recording_verification_status:
        | "no_video"
        | "verifying"
        | "verified"
        | "failed"
      time_unit: "days" | "weeks" | "months"
    }
    CompositeTypes: {
      aggregate_entry: {
        rank: number | null
        name: string | null
        gender: Database["public"]["Enums"]["participant_gender"] | null
        days_logged: number | null
        total_reps: number | null
        daily_average: number | null
        top_daily: number | null
        streak_length: number | null
        referral_count: number | null
        is_own: boolean | null
        ranked: boolean | null
        pending_reps: number | null
      }
      aggregate_page: {
        challenge_id: string | null
        gender: string | null
        time_zone: string | null
        today: string | null
        results_hidden: boolean | null
        results_final_at: string | null
        participant_count: number | null
        counts:
          | Database["public"]["CompositeTypes"]["leaderboard_gender_counts"]
          | null
        entries:
          | Database["public"]["CompositeTypes"]["aggregate_entry"][]
          | null
        own_entry:
          | Database["public"]["CompositeTypes"]["aggregate_entry"]
          | null
      }
      daily_attempt_status: {
        taken: boolean | null
        time_zone: string | null
        day_ends_at: string | null
      }
      leaderboard_entry: {
        rank: number | null
        recording_id: string | null
        user_id: string | null
        name: string | null
        gender: Database["public"]["Enums"]["participant_gender"] | null
        valid_reps: number | null
        invalid_reps: number | null
        total_reps: number | null
        form_score: number | null
        duration_seconds: number | null
        video_url: string | null
        gif_url: string | null
        share_count: number | null
        referral_count: number | null
        created_at: string | null
        is_own: boolean | null
        verification_status:
          | Database["public"]["Enums"]["recording_verification_status"]
          | null
        claimed_valid_reps: number | null
        ranked: boolean | null
      }
      leaderboard_gender_counts: {
        all: number | null
        male: number | null
        female: number | null
      }
      leaderboard_page: {
        challenge_id: string | null
        period: string | null
        gender: string | null
        time_zone: string | null
        period_start: string | null
        period_end: string | null
        results_hidden: boolean | null
        results_final_at: string | null
        participant_count: number | null
        counts:
          | Database["public"]["CompositeTypes"]["leaderboard_gender_counts"]
          | null
        entries:
          | Database["public"]["CompositeTypes"]["leaderboard_entry"][]
          | null
        own_entry:
          | Database["public"]["CompositeTypes"]["leaderboard_entry"]
          | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      camera_position: ["front", "back", "side"],
      challenge_type: ["accountability", "progression", "duel"],
      event_template: ["token2049", "pushtober"],
      gender_filter: ["all", "male", "female", "other"],
      participant_gender: ["male", "female"],
      pose_model_variant: ["lite", "full", "heavy"],
      profile_gender: ["male", "female", "other", "prefer_not_to_say"],
      profile_goal: [
        "exercise_correctness_analysis",
        "video_analysis",
        "live_ai_coaching",
        "losing_weight",
        "gaining_muscle",
        "improving_posture",
        "custom_workout_plans",
      ],
      recording_verification_status: [
        "no_video",
        "verifying",
        "verified",
        "failed",
      ],
      time_unit: ["days", "weeks", "months"],
    },
  },
} as const
