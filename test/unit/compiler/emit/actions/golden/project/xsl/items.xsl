<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="xml" media-type="application/atom+xml"/>
  <xsl:template match="/"><list><xsl:copy-of select="//item"/><xsl:copy-of select="document('svc://request/content/file')"/></list></xsl:template>
</xsl:stylesheet>
