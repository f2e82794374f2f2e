import { z } from 'zod';
import { plansById } from './plans';
import { savedTestSchema } from './test';

// Pro Team (issue 20 point 3, ADR 0020): an owner and invited teachers who share the plan's limits and a
// library of saved tests. The spec's "up to 5 teachers" counts the owner: the owner and four invited.

/** Teachers in one team, the owner included (spec 000 §6 plan table: "up to 5 teachers"). */
export const teamMaxMembers = plansById.pro_team.maxTeamMembers;
/** An invitation link runs out after this many days (ours). */
export const teamInvitationDays = 14;

export const teamNameSchema = z
  .string()
  .trim()
  .min(1, 'Bitte geben Sie einen Namen für das Team ein.')
  .max(80, 'Der Name darf höchstens 80 Zeichen lang sein.');

export const createTeamRequestSchema = z.object({ name: teamNameSchema }).strict();
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;

export const teamInviteRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.')),
  })
  .strict();
export type TeamInviteRequest = z.infer<typeof teamInviteRequestSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  isOwner: z.boolean(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerName: z.string(),
  /** the signed-in teacher owns the team (she invites, removes and dissolves) */
  isOwner: z.boolean(),
  members: z.array(teamMemberSchema),
  /** pending invitations; only the owner sees them */
  invitations: z.array(teamInvitationSchema),
  maxMembers: z.number().int(),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/team: the signed-in teacher's team, or none with whether her plan lets her found one. */
export const myTeamSchema = z.object({
  team: teamSchema.nullable(),
  canCreate: z.boolean(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

export const teamInvitationPreviewSchema = z.object({
  teamName: z.string(),
  ownerName: z.string(),
  email: z.string(),
});
export type TeamInvitationPreview = z.infer<typeof teamInvitationPreviewSchema>;

/** A saved test in the team library: read-only for everyone but its owner. */
export const teamTestSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  grade: z.string(),
  topic: z.string(),
  questionCount: z.number().int(),
  lastSaved: z.string(),
  ownerName: z.string(),
  isMine: z.boolean(),
});
export type TeamTestSummary = z.infer<typeof teamTestSummarySchema>;
export const teamTestListSchema = z.array(teamTestSummarySchema);

export const teamTestSchema = savedTestSchema.extend({ ownerName: z.string(), isMine: z.boolean() });
export type TeamTest = z.infer<typeof teamTestSchema>;

export const duplicateTeamTestResponseSchema = z.object({ id: z.string(), title: z.string() });

/** German messages of Pro Team (ours; Sie to teachers). */
export const teamMessages = {
  onlyTeachers: 'Pro Team ist für Lehrkräfte. Schülerkonten können keinem Team beitreten.',
  noTeamPlan:
    'Ein Team können Sie mit dem Tarif Pro Team gründen. Darin arbeiten bis zu 5 Lehrkräfte zusammen – Sie und vier Kolleginnen oder Kollegen.',
  alreadyInTeam: 'Sie gehören bereits zu einem Team. Eine Lehrkraft kann nur in einem Team sein.',
  teamFull: `Ein Pro Team umfasst höchstens ${teamMaxMembers} Lehrkräfte, Sie eingeschlossen. Offene Einladungen zählen mit: Ziehen Sie eine zurück oder entfernen Sie ein Mitglied, um jemand anderen einzuladen.`,
  alreadyMember: 'Diese Lehrkraft gehört bereits zu Ihrem Team.',
  alreadyInvited: 'An diese Adresse ist bereits eine Einladung unterwegs.',
  inviteeIsStudent:
    'Zu dieser Adresse gehört ein Schülerkonto. In ein Team können nur Lehrkräfte eingeladen werden.',
  invitationGone:
    'Diese Einladung gibt es nicht mehr: Sie ist abgelaufen, wurde zurückgezogen oder schon verwendet.',
  wrongEmail:
    'Diese Einladung gilt für eine andere E-Mail-Adresse. Melden Sie sich mit der Adresse an, an die sie geschickt wurde.',
  inviteeInOtherTeam: 'Diese Lehrkraft gehört bereits zu einem anderen Team.',
  ownerCannotBeRemoved: 'Sie sind Inhaberin oder Inhaber des Teams. Lösen Sie das Team stattdessen auf.',
  notInTeam: 'Sie gehören zu keinem Team.',
} as const;
