/** How each package category is named and pictured, wherever packages or their companies appear. */
const categories: Record<string, { emoji: string; label: string }> = {
  transport: { emoji: "✈️", label: "Transport" },
  technology: { emoji: "📱", label: "Technology" },
  energy: { emoji: "⚡", label: "Energy" },
  insurance: { emoji: "🛡️", label: "Insurance" },
  manufacturing: { emoji: "🏭", label: "Manufacturing" },
  media: { emoji: "📰", label: "Media" },
  "real-estate": { emoji: "🏢", label: "Real Estate" },
  "consumer-goods": { emoji: "🛒", label: "Consumer Goods" },
};

/** An unknown category (one an admin added later) shows its raw name. */
export function categoryLook(category: string): { emoji: string; label: string } {
  return categories[category] ?? { emoji: "💼", label: category };
}
