// The messages this segment's client components use, and no others (lib/i18n/messages.ts MEMBER_SEGMENTS).
import { segmentMessages } from "@/components/providers/intl-provider";

export default segmentMessages("support");
